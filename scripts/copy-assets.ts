// tsc emits only JavaScript; the interpreter's bundled Lua customizations are YAML read at run
// time next to the compiled module, so the build copies them into dist/.
import { cpSync, existsSync } from 'node:fs';

const from = 'src/interpreter/customizations';
if (existsSync(from)) cpSync(from, 'dist/interpreter/customizations', { recursive: true });
