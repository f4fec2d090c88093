#include <cstdio>
#include <filesystem>

#include "cli/command_line.hpp"
#include "cli/commands.hpp"
#include "io/html_report.hpp"
#include "support/error.hpp"
#include "support/files.hpp"

namespace evalsynth {

const char* const kReportHelp =
    "usage: evalsynth report RESULTS_FOLDER [--output FILE]\n"
    "\n"
    "Writes RESULTS_FOLDER/report.html (or FILE): one self-contained page that\n"
    "opens offline from disk and shows the run at a glance: the spec and where\n"
    "the results came from, the answer (simplified, highlighted), curves over\n"
    "the generations (training and validation score with IBEF and ADATE-2005\n"
    "as reference lines, program size, cache hit rate, speed, the answer's\n"
    "mistake rate), the cross-table as a heat map if match.csv is there and\n"
    "mistakes by depth if strength-*.csv files are there. `run` and `resume`\n"
    "write it too, with every rewrite of the results folder (every 30 s), so an\n"
    "open page shows the run progressing when reloaded. For a learning run's\n"
    "folder (evalsynth learn) the page draws its curve.csv instead.\n"
    "\n"
    "Options:\n"
    "  --output FILE  where to write the page (default RESULTS_FOLDER/report.html)\n";

int report_command(const Args& args) {
  std::vector<std::string> folders;
  std::string output;
  CommandLine command;
  command.positionals(folders, 1, 1, "give one results folder, e.g. results/quick");
  command.text("output", output);
  command.parse(args);
  const std::string& folder = folders[0];
  std::error_code ignored;
  if (!std::filesystem::is_directory(folder, ignored))
    throw InputError(TextLocation{folder, 1, 1}, "no such results folder (it should hold summary.json and log.csv)");
  const std::string target = output.empty() ? folder + "/report.html" : output;
  check_outputs({{target, output.empty() ? "the report" : "--output"}},
                {{folder + "/summary.json", "the summary"}, {folder + "/log.csv", "the log"}});
  write_html_report(folder, output);
  std::printf("wrote %s\n", target.c_str());
  return 0;
}

}  // namespace evalsynth
