#include "support/spread.hpp"

namespace evalsynth {
namespace {
ItemSpreader* installed = nullptr;
}  // namespace

void install_item_spreader(ItemSpreader* spreader) { installed = spreader; }

std::string spread_items(std::size_t count, const ItemWork& work) {
  if (count == 0) return {};
  return installed ? installed->spread(count, work) : work(0, count);
}

}  // namespace evalsynth
