#include "model/win_net.hpp"

#include <cereal/types/string.hpp>

#include "games/registry.hpp"
#include "model/win_net_file.hpp"
#include "support/error.hpp"

namespace evalsynth::model {

void WinNet::train(std::uint64_t x, std::uint64_t o, const Outputs& target, double alpha) {
  Hidden sums, h;
  hidden_sums(x, o, sums);
  const Outputs y = outputs_from_sums(sums, h);
  // Squared error: an output's delta is (t - y) y (1 - y); a hidden unit's
  // is h (1 - h) times its outgoing weights' share of them (read before
  // they change).
  std::array<double, 2> delta{};
  for (std::size_t k = 0; k < 2; ++k) delta[k] = (target[k] - y[k]) * y[k] * (1 - y[k]);
  double* w = parameters_.data();
  for (int j = 0; j < hidden_; ++j) {
    const auto jj = static_cast<std::size_t>(j);
    double back = 0;
    for (int k = 0; k < 2; ++k) back += delta[static_cast<std::size_t>(k)] * w[output_offset(k) + 1 + jj];
    const double step = alpha * h[jj] * (1 - h[jj]) * back;
    double* unit = w + unit_offset(j);
    unit[0] += step;
    // Inputs of 0 (empty cells) change nothing.
    for (std::uint64_t s = x; s; s &= s - 1) unit[1 + std::countr_zero(s)] += step;
    for (std::uint64_t s = o; s; s &= s - 1) unit[1 + std::countr_zero(s)] -= step;
  }
  for (int k = 0; k < 2; ++k) {
    double* unit = w + output_offset(k);
    const double step = alpha * delta[static_cast<std::size_t>(k)];
    unit[0] += step;
    for (int j = 0; j < hidden_; ++j) unit[1 + j] += step * h[static_cast<std::size_t>(j)];
  }
}

void save_win_net(BinaryOutputArchive& a, const WinNet& net) {
  a(net.game(), static_cast<std::int32_t>(net.cells()), static_cast<std::int32_t>(net.hidden()));
  for (const double w : net.parameters()) a(w);
}

WinNet load_win_net(BinaryInputArchive& a) {
  std::string game;
  std::int32_t cells = 0, hidden = 0;
  a(game, cells, hidden);
  GameDescriptor descriptor;
  try {
    descriptor = parse_game(game);
  } catch (const InputError&) {
    throw cereal::Exception("it names no game evalsynth knows ('" + game + "')");
  }
  if (descriptor.family != mnk::kFamily && descriptor.family != adjacent4::kFamily)
    throw cereal::Exception("it names " + game + ", whose board is not stones on a grid");
  if (cells < 1 || cells > WinNet::kMaxCells)
    throw cereal::Exception(std::to_string(cells) + " inputs (1 to " + std::to_string(WinNet::kMaxCells) + ")");
  if (hidden < 1 || hidden > WinNet::kMaxHidden)
    throw cereal::Exception(std::to_string(hidden) + " hidden units (1 to " + std::to_string(WinNet::kMaxHidden) + ")");
  WinNet net(game, cells, hidden);
  if (net.parameters().size() > a.bytes_left() / sizeof(double))
    throw cereal::Exception("the data ends before its " + std::to_string(net.parameters().size()) + " weights");
  for (double& w : net.parameters()) {
    a(w);
    if (!std::isfinite(w)) throw cereal::Exception("a weight is not a finite number");
  }
  return net;
}

}  // namespace evalsynth::model
