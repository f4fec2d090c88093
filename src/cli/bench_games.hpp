#pragma once
// The bench's part for the games other than Connect4 (bench_games.cpp).

namespace evalsynth {

// For each of tic-tac-toe, mnk(5,5,4), adjacent4(8,6) and ModNim(100,3), on
// one thread: games/s and search nodes/s of a fitness workload (the game's
// second reference program against its first at depth 2, as X and O at
// depths 1 and 2, from 100 random boards), and ns per evaluation of each
// reference program; each as a ratio to Connect4's native IBEF
// (`connect4_nodes_per_second` of the thesis workload, `connect4_ns` per
// evaluation) measured in the same invocation.
void bench_games(int reps, double connect4_nodes_per_second, double connect4_ns);

// For each family, on one thread: ns per evaluation of random programs of
// about 100 nodes by the interpreter and by native code, each as a ratio
// to the family's best reference written in C++; Connect4's row is the
// bench's own measurement (`connect4_native_code_ns` of its ~100-node
// programs in native code, `connect4_ns` native IBEF's).
void bench_family_programs(int reps, double connect4_native_code_ns, double connect4_ns);

}  // namespace evalsynth
