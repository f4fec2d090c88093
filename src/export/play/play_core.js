// The evaluator language's integers in JavaScript, for every page written by
// `evalsynth export --html` (Connect4's and the other games'): the two sides
// and the language's integer operations, with exactly the values of
// evalsynth's interpreter (src/lang/semantics.hpp).

const X = 1;
const O = -1;

// The language's integers: 32-bit two's complement that wraps on overflow.
// Division truncates toward zero (the double quotient of two 32-bit integers
// never rounds across an integer); x / 0 = 0, x % 0 = 0, INT_MIN / -1 =
// INT_MIN, x % -1 = 0, abs(INT_MIN) = INT_MIN.
const add = (a, b) => (a + b) | 0;
const sub = (a, b) => (a - b) | 0;
const mul = (a, b) => Math.imul(a, b);
const neg = (a) => -a | 0;
const abs = (a) => (a < 0 ? -a | 0 : a);
const div = (a, b) => (b === 0 ? 0 : b === -1 ? -a | 0 : (a / b) | 0);
const mod = (a, b) => (b === 0 || b === -1 ? 0 : a % b | 0);
const min = (a, b) => (a < b ? a : b);
const max = (a, b) => (a < b ? b : a);
