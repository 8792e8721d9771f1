/** The schema a template's kind is checked against, wherever it comes from. */
import type { ResolveRef } from './check.ts';
import type { SchemaNode } from './compile.ts';

/** One kind's schema: its root and how its `$ref`s resolve. */
export interface KindSchema {
  root: SchemaNode;
  resolve: ResolveRef;
}

/** The schema of an `apiVersion`/`kind`, or undefined when none is known (the kind is then not checked). */
export type SchemaLookup = (apiVersion: string, kind: string) => KindSchema | undefined;
