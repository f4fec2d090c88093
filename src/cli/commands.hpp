#pragma once
// One function per `evalsynth` command. Each gets the arguments after the
// command name and returns the process exit code; errors are thrown as
// InputError / UsageError and reported by main.

#include <string>
#include <vector>

namespace evalsynth {

using Args = std::vector<std::string>;

int match_command(const Args& args);
int bench_command(const Args& args);
int check_command(const Args& args);
int run_command(const Args& args);
// The same command on another process of an mpirun: serves rank 0's run
// (cluster/fitness_cluster.hpp).
int run_worker(const Args& args);
int strength_command(const Args& args);
int resume_command(const Args& args);
int resume_worker(const Args& args);
int inspect_command(const Args& args);
int export_command(const Args& args);
int solve_command(const Args& args);
int positions_command(const Args& args);
int learn_command(const Args& args);
int minesweeper_command(const Args& args);
int reliability_command(const Args& args);
int play_command(const Args& args);
int report_command(const Args& args);
int stages_command(const Args& args);
int games_command(const Args& args);
int players_command(const Args& args);
int keys_command(const Args& args);
int perft_command(const Args& args);
int store_command(const Args& args);
int ratings_command(const Args& args);
int experiment_command(const Args& args);

extern const char* const kMatchHelp;
extern const char* const kMinesweeperHelp;
extern const char* const kReliabilityHelp;
extern const char* const kBenchHelp;
extern const char* const kCheckHelp;
extern const char* const kRunHelp;
extern const char* const kStrengthHelp;
extern const char* const kResumeHelp;
extern const char* const kInspectHelp;
extern const char* const kExportHelp;
extern const char* const kSolveHelp;
extern const char* const kPositionsHelp;
extern const char* const kLearnHelp;
extern const char* const kPlayHelp;
extern const char* const kReportHelp;
extern const char* const kStagesHelp;
extern const char* const kGamesHelp;
extern const char* const kPlayersHelp;
extern const char* const kKeysHelp;
extern const char* const kPerftHelp;
extern const char* const kStoreHelp;
extern const char* const kRatingsHelp;
extern const char* const kExperimentHelp;

}  // namespace evalsynth
