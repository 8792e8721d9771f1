import { describe, expect, it } from 'vitest';
import { createInterpreter, LuaScriptError } from '../../../src/interpreter/index.ts';
import { ric, workload } from './helpers.ts';

function health(script: string, options = {}) {
  const interpreter = createInterpreter([ric('InterpretHealth', script)], { bundled: [], ...options });
  return () => interpreter.interpretHealth(workload());
}

function body(expr: string): string {
  return `function InterpretHealth(o)\n  ${expr}\n  return true\nend`;
}

describe('sandbox escapes', () => {
  it.each([
    ['io is absent', 'io.open("/etc/passwd")', /attempt to index a nil value/],
    ['os.execute is absent', 'os.execute("true")', /attempt to call a nil value/],
    ['os.getenv is absent', 'os.getenv("HOME")', /attempt to call a nil value/],
    ['require of a real module fails', 'require("io")', /module 'io' not found/],
    ['dofile is disabled', 'dofile("/etc/passwd")', /call function dofile is not supported/],
    ['loadfile is disabled', 'loadfile("/etc/passwd")', /call function loadfile is not supported/],
    ['load is disabled', 'load("return 1")', /call function load is not supported/],
    ['loadstring is disabled', 'loadstring("return 1")', /call function loadstring is not supported/],
    ['string.dump is disabled', 'string.dump(print)', /string.dump is not supported/],
    ['debug is absent', 'debug.getinfo(1)', /attempt to index a nil value/],
    ['coroutine is absent', 'coroutine.create(print)', /attempt to index a nil value/],
    ['setmetatable is disabled', 'setmetatable({}, {})', /call function setmetatable is not supported/],
    ['getmetatable is disabled', 'getmetatable("")', /call function getmetatable is not supported/],
    ['rawset is disabled', 'rawset(_G, "x", 1)', /call function rawset is not supported/],
    ['package.loadlib is disabled', 'package.loadlib("x", "y")', /loadlib is not supported/],
    ['string.rep is disabled', 'string.rep("x", 10)', /string.rep is not supported/],
    ['collectgarbage is disabled', 'collectgarbage()', /call function collectgarbage is not supported/],
  ])('%s', (_name, expr, message) => {
    expect(health(body(expr))).toThrow(message);
  });

  it('rejects precompiled bytecode as a script', () => {
    const run = health('\x1bLua\x53\x00');
    expect(run).toThrow(LuaScriptError);
    expect(run).toThrow(/attempt to load a binary chunk/);
  });

  it('rejects string arguments longer than 1,000,000 bytes', () => {
    expect(health(body('local s = "x" for i = 1, 21 do s = s .. s end string.len(s)'))).toThrow(/longer than 1000000 bytes/);
  });
});

describe('limits', () => {
  it('stops while true do end within the 1 s default', () => {
    const started = performance.now();
    expect(health(body('while true do end'))).toThrow(/timeout: the script ran longer than 1000 ms/);
    expect(performance.now() - started).toBeLessThan(1500);
  });

  it.each([
    ['a concatenation bomb hits the string limit', 'local s = "x" while true do s = s .. s end', /string length \d+ exceeds the limit/],
    [
      'many strings hit the memory limit',
      'local t = {} local s = string.format("%099d", 1) while true do s = s .. "x" t[#t + 1] = s .. s end',
      /memory limit of \d+ bytes exceeded/,
    ],
    [
      'a table.concat of one long string many times hits the string limit',
      'local s = "x" for i = 1, 20 do s = s .. s end local t = {} for i = 1, 64 do t[i] = s end table.concat(t)',
      /string length exceeds the limit/,
    ],
    [
      'a string.format of many long strings hits the string limit',
      'local s = "x" for i = 1, 20 do s = s .. s end string.format(string.format("%s", "%s%s%s%s%s%s%s%s%s%s%s%s%s%s%s%s%s%s%s%s%s%s%s%s%s%s%s%s%s%s%s%s"), s, s, s, s, s, s, s, s, s, s, s, s, s, s, s, s, s, s, s, s, s, s, s, s, s, s, s, s, s, s, s, s)',
      /string length exceeds the limit|longer than 1000000 bytes/,
    ],
    ['a huge format width is refused', 'string.format("%999999999d", 1)', /format width or precision exceeds the limit/],
    ['table growth hits the memory limit', 'local t = {} local i = 0 while true do i = i + 1 t[i] = { i, i, i } end', /memory limit|timeout|instruction limit/],
  ])('%s', (_name, expr, message) => {
    expect(health(body(expr), { memoryLimitBytes: 32 * 1024 * 1024, timeoutMs: 5000 })).toThrow(message);
  });

  it('stops unbounded recursion', () => {
    expect(health(body('local function f() return f() + 1 end f()'), { timeoutMs: 5000 })).toThrow(LuaScriptError);
  });

  it('rejects a result nested deeper than 200 levels', () => {
    const interpreter = createInterpreter(
      [ric('InterpretStatus', 'function ReflectStatus(o) local t = {} local c = t for i = 1, 300 do c.x = {} c = c.x end return t end')],
      { bundled: [] },
    );
    expect(() => interpreter.reflectStatus(workload())).toThrow(/nested deeper than 200 levels/);
  });

  it.each([
    ['a table error object', 'error({})', /error object is a non-string value/],
    ['a nil error object', 'error()', /error object is a nil value/],
  ])('reports %s', (_name, expr, message) => {
    expect(health(body(expr))).toThrow(message);
  });

  it('stops after the instruction budget', () => {
    expect(health(body('local i = 0 while true do i = i + 1 end'), { maxInstructions: 100_000, timeoutMs: 60_000 })).toThrow(
      /instruction limit of 100000 exceeded/,
    );
  });

  it('names the customization, the operation and the line', () => {
    const run = health('function InterpretHealth(o)\n\n  return o.status.ready\nend');
    expect(run).toThrow('ResourceInterpreterCustomization test: InterpretHealth at line 3: attempt to index a nil value');
    try {
      run();
    } catch (e) {
      expect((e as LuaScriptError).data).toMatchObject({ customization: 'test', operation: 'InterpretHealth', line: 3 });
    }
  });

  it('reports the line of an error raised by a helper', () => {
    const run = health('local kube = require("kube")\nfunction InterpretHealth(o)\n  kube.resourceAdd(1)\nend');
    expect(run).toThrow(/at line 3: bad argument #1 to 'resourceAdd'/);
  });

  it.each([['1e-999999999'], ['1e999999999']])('turns the out-of-range quantity %s into a Lua error', (quantity) => {
    const run = health(`local kube = require("kube")\nfunction InterpretHealth(o)\n  kube.resourceAdd("1", "${quantity}")\nend`);
    expect(run).toThrow(`at line 3: quantities must have a power of ten within ±400: "${quantity}"`);
  });

  it('keeps working after a script failed', () => {
    const interpreter = createInterpreter([ric('InterpretHealth', 'function InterpretHealth(o) return o.spec.ok end')], { bundled: [] });
    expect(() => interpreter.interpretHealth(workload())).toThrow(LuaScriptError);
    expect(interpreter.interpretHealth(workload({ spec: { ok: true } }))).toBe(true);
  });
});
