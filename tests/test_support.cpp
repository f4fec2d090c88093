#include "test_support.hpp"

#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <sstream>

namespace test {

std::string spec_error_of(const std::string& text) {
  return input_error_of([&] { (void)evalsynth::parse_spec(text, "s.spec"); });
}

Run run_shell(const std::string& command_line) {
  const std::string command = command_line + " 2>&1";
  FILE* pipe = popen(command.c_str(), "r");
  REQUIRE(pipe != nullptr);
  std::string output;
  char buffer[4096];
  while (std::size_t n = std::fread(buffer, 1, sizeof buffer, pipe)) output.append(buffer, n);
  const int status = pclose(pipe);
  return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, output};
}

Run run_evalsynth(const std::string& arguments, const std::string& folder) {
  return run_shell((folder.empty() ? "" : "cd '" + folder + "' && ") + std::string(kEvalsynthBinary) + " " + arguments);
}

Run mpirun(int ranks, const std::string& arguments, const std::string& environment) {
  const std::string passed = environment.empty() ? "" : environment + " ";
  const std::string exported = environment.empty() ? "" : "-x " + environment.substr(0, environment.find('=')) + " ";
  // As root (CI) Open MPI needs --allow-run-as-root; on 2 cores 3 ranks
  // need --oversubscribe. Under the sanitizer build, leak checking is off
  // for these processes: Open MPI's plugins keep allocations past their
  // unloading, which LeakSanitizer reports from unknown modules that no
  // suppression can name (every other test checks evalsynth's own leaks).
  // A job that hangs (a rank waiting for a message that never comes) fails
  // its test after 10 minutes instead of holding CI until its limit.
  return run_shell("cd '" + std::string(kSourceDir) + "' && " + passed +
                   "ASAN_OPTIONS=detect_leaks=0 timeout --kill-after=10 600 mpirun -x ASAN_OPTIONS " + exported +
                   "--allow-run-as-root --oversubscribe -np " + std::to_string(ranks) + " " + kEvalsynthBinary + " " +
                   arguments);
}

void write_file(const std::string& path, const std::string& text) { std::ofstream(path, std::ios::binary) << text; }

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

ScratchFolder::ScratchFolder(const std::string& name)
    : path(std::filesystem::temp_directory_path() / ("evalsynth-test-" + std::to_string(::getpid()) + "-" + name)) {
  std::filesystem::remove_all(path);
  std::filesystem::create_directories(path);
}

ScratchFolder::~ScratchFolder() {
  std::error_code ignored;
  std::filesystem::remove_all(path, ignored);
}

std::map<std::string, std::string> snapshot(const std::string& folder) {
  std::map<std::string, std::string> files;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(folder))
    if (entry.is_regular_file()) files[entry.path().string()] = read_file(entry.path().string());
  return files;
}

std::string run_outcome(const ScratchFolder& dir, const std::string& name) {
  std::string text;
  const std::string answer = read_file(dir / ("results/" + name + "/best.eval"));
  text += answer.substr(answer.find('\n') + 1);
  std::istringstream log(read_file(dir / ("results/" + name + "/log.csv")));
  for (std::string line; std::getline(log, line);) {
    std::istringstream row(line);
    int column = 0;
    for (std::string cell; std::getline(row, cell, ','); ++column)
      if (column != 9 && column != 10) text += cell + ",";
    text += "\n";
  }
  std::istringstream summary(read_file(dir / ("results/" + name + "/summary.json")));
  for (std::string line; std::getline(summary, line);)
    if (line.find("elapsed_seconds") == std::string::npos && line.find("\"spec\"") == std::string::npos)
      text += line + "\n";
  return text;
}

InSourceDir::InSourceDir() { std::filesystem::current_path(kSourceDir); }
InSourceDir::~InSourceDir() { std::filesystem::current_path(previous); }

}  // namespace test
