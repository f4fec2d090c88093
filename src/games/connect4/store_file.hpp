#pragma once
// The file of the store of solved positions (solved_store.hpp): a sequence
// of frames, each appended whole by one process under a lock, never
// rewritten. A frame:
//
//   bytes 0..7    magic "c4store1"
//   bytes 8..11   entries, little-endian u32 (0 to kStoreFrameMaxEntries)
//   bytes 12..15  payload length, little-endian u32
//   bytes 16..23  lookups the writing process made of the store
//   bytes 24..31  of which it found
//   bytes 32..39  FNV-1a hash of bytes 8..31 and the payload
//   bytes 40..    payload: gzip of the entries sorted by key, each a varint of
//                 its key's difference from the one before, then a byte of value
//
// A process killed while appending leaves a frame that runs past the end of
// the file or fails its hash as the file's last bytes: a torn tail, which
// readers drop and the next writer cuts off. Damage anywhere else is an error.

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace evalsynth::connect4 {

// What the store knows of a position's value for the side to move: its exact
// score (solver.hpp's convention, -21..21), or only its class.
struct StoredValue {
  std::uint64_t key = 0;  // Position::canonical_key()
  std::int8_t value = 0;  // a score, or kOutcomeOnly + class (-1, 0, 1)
};
inline constexpr int kOutcomeOnly = 100;
inline constexpr bool is_exact(std::int8_t value) { return value >= -21 && value <= 21; }

inline constexpr std::size_t kStoreFrameHeaderBytes = 40;
inline constexpr std::uint32_t kStoreFrameMaxEntries = std::uint32_t{1} << 22;

// A frame of `entries` (sorted by key, keys distinct, values valid) and the
// writing process's lookup counts.
std::string encode_store_frame(const std::vector<StoredValue>& entries, std::uint64_t lookups, std::uint64_t hits);

struct StoreScan {
  std::size_t good_bytes = 0;  // the end of the last whole frame
  std::size_t torn_bytes = 0;  // after it, to the end: a torn tail
  std::size_t frames = 0;
  std::uint64_t lookups = 0, hits = 0;
};

// Reads the frames of `bytes` from `offset` (a frame boundary), calling
// `entry` for each entry in order. A torn tail is reported, not thrown;
// throws InputError located at `path` (with the byte offset) for damage
// followed by more frames, a key that is no Connect4 position's canonical
// key, an invalid value or keys out of order.
StoreScan scan_store_frames(std::string_view bytes, std::size_t offset, const std::string& path,
                            const std::function<void(const StoredValue&)>& entry);

// The stones of the position whose key() is `key` (each column's marker
// bit sits just above its stones).
int stones_of_key(std::uint64_t key);

}  // namespace evalsynth::connect4
