#pragma once
// The independent items of a command's long work (a match's games, the
// positions `strength` judges), computed where the process's cluster says:
// alone, here, with this process's threads; under mpirun (cluster/), in
// chunks over every rank. Every rank runs the same command and makes the
// same calls, and each gets back the same bytes, so the command goes on
// alike everywhere, and its output, made from those bytes, is the same
// whatever the number of ranks that computed them.

#include <cstddef>
#include <functional>
#include <string>

namespace evalsynth {

// Computes the items [begin, end) and returns their results encoded one
// after another in item order, so chunks' bytes joined in order are the
// bytes of all the items.
using ItemWork = std::function<std::string(std::size_t begin, std::size_t end)>;

class ItemSpreader {
 public:
  virtual ~ItemSpreader() = default;
  // Every process calls it with the same count and work, and gets the bytes
  // of all `count` items.
  virtual std::string spread(std::size_t count, const ItemWork& work) = 0;
};

// The spreader of this process (nullptr: compute here, the default).
void install_item_spreader(ItemSpreader* spreader);

// The bytes of items [0, count): work(0, count) here, or the installed
// spreader's.
std::string spread_items(std::size_t count, const ItemWork& work);

}  // namespace evalsynth
