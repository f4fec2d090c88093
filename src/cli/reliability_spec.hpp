#pragma once
// `evalsynth reliability SPEC`: M²ICAL applied to a spec's own hill-climber
// (reliability_command.cpp parses the options).

#include <cstdint>
#include <string>
#include <vector>

#include "reliability/program_sample.hpp"

namespace evalsynth {

struct ReliabilitySpecRequest {
  std::string spec_file;
  reliability::SampleSetup sample;  // its boards: the comparison sizes asked for (empty: a default sweep)
  int runs = 20;
  int iterations = -1;  // -1: the spec's generations
  int threads = 0;      // 0: the spec's
  std::string csv_file, html_file;
};

int reliability_spec(ReliabilitySpecRequest request);

// "5,10,20" as board counts (1..100000); throws UsageError naming --boards.
std::vector<std::size_t> parse_board_counts(const std::string& text);

}  // namespace evalsynth
