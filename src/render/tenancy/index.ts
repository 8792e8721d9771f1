/**
 * Tenants by folder (docs/deploy.md#tenants): which tenant owns each file, and the rules its
 * files are held to, before rendering (objects, placements) and after (scheduling results,
 * overrides). Pure.
 */
export * from './grants.ts';
export type { TenancyRule } from './grants.ts';
export * from './ownership.ts';
export type { OwnerOf } from './ownership.ts';
export * from './placement-grant.ts';
export * from './refuse-objects.ts';
export * from './refuse-work.ts';
export * from './codeowners.ts';
export * from './tenant-listing.ts';
export type { TenantListing } from './tenant-listing.ts';
export * from './refusal.ts';
