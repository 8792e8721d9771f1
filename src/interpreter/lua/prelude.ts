/**
 * Lua run once in every fresh state, before scripts: reshapes Lua 5.3's libraries into the Lua 5.1
 * set Karmada's gopher-lua offers (docs/karmada-compatibility.md#the-lua-contract, #lua-51-on-fengari), then
 * disables what Karmada disables (the `load` family, metatables, raw access, `string.rep`/`gsub`
 * /`dump`) and caps string arguments at 1,000,000 bytes as Karmada does. `require` only serves
 * `package.preload`, where the host put `kube`.
 */
export const PRELUDE = `
local error, select, type = error, select, type
local function guard(f)
  return function(...)
    for i = 1, select("#", ...) do
      local a = select(i, ...)
      if type(a) == "string" and #a > 1000000 then error("string argument is longer than 1000000 bytes", 2) end
    end
    return f(...)
  end
end
local function disabled(name)
  return function() error("call function " .. name .. " is not supported in karmada customized resourceinterpreter.", 2) end
end
package = { preload = package_preload, loaded = {} }
package_preload = nil
require = function(name)
  local loaded = package.loaded[name]
  if loaded ~= nil then return loaded end
  local loader = package.preload[name]
  if loader == nil then error("module '" .. tostring(name) .. "' not found", 2) end
  local m = loader(name)
  if m == nil then m = true end
  package.loaded[name] = m
  return m
end
_VERSION = "Lua 5.1"
unpack = table.unpack
table.unpack, table.pack, table.move = nil, nil, nil
table.getn = function(t) return #t end
table.maxn = function(t)
  local m = 0
  for k in pairs(t) do if type(k) == "number" and k > m then m = k end end
  return m
end
math.pow = function(x, y) return x ^ y end
math.mod = math.fmod
math.ldexp = function(m, e) return m * 2.0 ^ e end
math.frexp = function(x)
  if x == 0 or x ~= x or x == math.huge or x == -math.huge then return x, 0 end
  local e = math.floor(math.log(math.abs(x), 2)) + 1
  local m = x / 2.0 ^ e
  if math.abs(m) >= 1 then m, e = m / 2, e + 1 elseif math.abs(m) < 0.5 then m, e = m * 2, e - 1 end
  return m, e
end
math.cosh = function(x) return (math.exp(x) + math.exp(-x)) / 2 end
math.sinh = function(x) return (math.exp(x) - math.exp(-x)) / 2 end
math.tanh = function(x) local a, b = math.exp(x), math.exp(-x) return (a - b) / (a + b) end
math.log10 = function(x) return math.log(x, 10) end
math.atan2 = function(y, x) return math.atan(y, x) end
-- gopher-lua's max and min read every argument as a number (numeric strings included, other
-- values are errors), return that number, and keep the first of equal values.
local pcall = pcall
local function checknumber(v, i, name)
  if type(v) == "number" then return v end
  if type(v) == "string" then
    local ok, n = pcall(function() return v + 0 end)
    if ok then return n end
  end
  error("bad argument #" .. i .. " to " .. name .. " (number expected, got " .. type(v) .. ")", 3)
end
local function extreme(name, better)
  return function(...)
    local n = select("#", ...)
    if n == 0 then error("bad argument #1 to " .. name .. " (number expected, got no value)", 2) end
    local m = checknumber((...), 1, name)
    for i = 2, n do
      local v = checknumber((select(i, ...)), i, name)
      if better(v, m) then m = v end
    end
    return m
  end
end
math.max = extreme("max", function(a, b) return a > b end)
math.min = extreme("min", function(a, b) return a < b end)
math.tointeger, math.ult, math.type, math.maxinteger, math.mininteger = nil, nil, nil, nil, nil
-- gopher-lua's math.huge is the largest float, not infinity.
math.huge = 1.7976931348623157e308
string.gfind = string.gmatch
for _, name in ipairs({ "byte", "char", "find", "format", "len", "lower", "match", "reverse", "sub", "upper", "gmatch", "gfind" }) do
  string[name] = guard(string[name])
end
for _, name in ipairs({ "rep", "gsub", "dump", "pack", "unpack", "packsize" }) do
  string[name] = disabled("string." .. name)
end
print = function() end
local rawtostring = tostring
tostring = function(v)
  if type(v) == "number" then return v .. "" end
  return rawtostring(v)
end
for _, name in ipairs({ "collectgarbage", "dofile", "getfenv", "getmetatable", "load", "loadfile", "loadstring",
    "rawequal", "rawget", "rawlen", "rawset", "setfenv", "setmetatable", "module", "newproxy" }) do
  _G[name] = disabled(name)
end
package.loadlib = disabled("loadlib")
`;
