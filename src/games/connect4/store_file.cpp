#include "games/connect4/store_file.hpp"

#include <bit>

#include "games/connect4/position.hpp"
#include "support/error.hpp"
#include "support/gzip.hpp"
#include "support/random.hpp"

namespace evalsynth::connect4 {
namespace {

constexpr std::string_view kMagic = "c4store1";
constexpr std::uint64_t kColumnField = (std::uint64_t{1} << kColumnStride) - 1;

void put_le(std::string& out, std::uint64_t v, int bytes) {
  for (int i = 0; i < bytes; ++i) out += static_cast<char>(v >> (8 * i) & 0xFF);
}
std::uint64_t get_le(std::string_view bytes, std::size_t at, int count) {
  std::uint64_t v = 0;
  for (int i = 0; i < count; ++i) v |= std::uint64_t{static_cast<unsigned char>(bytes[at + i])} << (8 * i);
  return v;
}

// The hash over the header's fields after the magic (all but the hash) and the payload.
std::uint64_t frame_hash(std::string_view header_fields, std::string_view payload) {
  std::string hashed(header_fields);
  hashed.append(payload);
  return hash_text(hashed);
}

// Whether `key` is a position's key (a marker bit above each column's
// stones, X to have as many stones as O or one more) and the smaller of it
// and its mirror image's.
bool is_canonical_position_key(std::uint64_t key) {
  if (key >> (kColumns * kColumnStride)) return false;
  int x_stones = 0, stones = 0;
  std::uint64_t mirrored = 0;
  for (int col = 0; col < kColumns; ++col) {
    const std::uint64_t field = key >> (col * kColumnStride) & kColumnField;
    if (field == 0) return false;
    const int height = std::bit_width(field) - 1;  // the marker's place
    stones += height;
    x_stones += std::popcount(field) - 1;
    mirrored |= field << ((kColumns - 1 - col) * kColumnStride);
  }
  const int o_stones = stones - x_stones;
  return (x_stones == o_stones || x_stones == o_stones + 1) && key <= mirrored;
}

bool is_valid_value(std::int8_t v) { return is_exact(v) || (v >= kOutcomeOnly - 1 && v <= kOutcomeOnly + 1); }

}  // namespace

int stones_of_key(std::uint64_t key) {
  int stones = 0;
  for (int col = 0; col < kColumns; ++col) {
    const std::uint64_t field = key >> (col * kColumnStride) & kColumnField;
    stones += field ? std::bit_width(field) - 1 : 0;
  }
  return stones;
}

std::string encode_store_frame(const std::vector<StoredValue>& entries, std::uint64_t lookups, std::uint64_t hits) {
  std::string plain;
  std::uint64_t previous = 0;
  for (const StoredValue& e : entries) {
    std::uint64_t delta = e.key - previous;
    previous = e.key;
    while (delta >= 0x80) {
      plain += static_cast<char>((delta & 0x7F) | 0x80);
      delta >>= 7;
    }
    plain += static_cast<char>(delta);
    plain += static_cast<char>(e.value);
  }
  const std::string payload = gzip_compress(plain);
  std::string fields;
  put_le(fields, entries.size(), 4);
  put_le(fields, payload.size(), 4);
  put_le(fields, lookups, 8);
  put_le(fields, hits, 8);
  std::string out(kMagic);
  out += fields;
  put_le(out, frame_hash(fields, payload), 8);
  return out + payload;
}

StoreScan scan_store_frames(std::string_view bytes, std::size_t offset, const std::string& path,
                            const std::function<void(const StoredValue&)>& entry) {
  StoreScan scan;
  scan.good_bytes = offset;
  auto damaged = [&](std::size_t at, const std::string& what) {
    return InputError(TextLocation{path}, "the store is damaged at byte " + std::to_string(at) + ": " + what +
                                              " (evalsynth store info " + path + " says more)");
  };
  std::size_t at = offset;
  while (at < bytes.size()) {
    // A frame cut short by the end of the file is a torn tail: its writer died.
    const auto torn = [&] { scan.torn_bytes = bytes.size() - at; };
    if (bytes.size() - at < kStoreFrameHeaderBytes) {
      if (kMagic.starts_with(bytes.substr(at, kMagic.size()))) return torn(), scan;
      throw damaged(at, "a frame does not begin with \"c4store1\"");
    }
    if (bytes.substr(at, kMagic.size()) != kMagic) throw damaged(at, "a frame does not begin with \"c4store1\"");
    const auto count = static_cast<std::uint32_t>(get_le(bytes, at + 8, 4));
    const std::size_t length = get_le(bytes, at + 12, 4);
    if (count > kStoreFrameMaxEntries) throw damaged(at, "a frame of " + std::to_string(count) + " entries");
    const std::size_t end = at + kStoreFrameHeaderBytes + length;
    if (end > bytes.size()) return torn(), scan;
    const std::string_view payload = bytes.substr(at + kStoreFrameHeaderBytes, length);
    if (frame_hash(bytes.substr(at + 8, 24), payload) != get_le(bytes, at + 32, 8)) {
      if (end == bytes.size()) return torn(), scan;  // the last frame, half written
      throw damaged(at, "a frame fails its hash");
    }
    const std::string plain = gzip_decompress(payload, path, std::size_t{count} * 11);
    std::size_t p = 0;
    std::uint64_t key = 0;
    for (std::uint32_t i = 0; i < count; ++i) {
      std::uint64_t delta = 0;
      int shift = 0;
      while (p < plain.size() && shift < 64 && (static_cast<unsigned char>(plain[p]) & 0x80)) {
        delta |= std::uint64_t{static_cast<unsigned char>(plain[p++]) & 0x7Fu} << shift;
        shift += 7;
      }
      if (p + 2 > plain.size() || shift >= 64) throw damaged(at, "entry " + std::to_string(i) + " is cut short");
      delta |= std::uint64_t{static_cast<unsigned char>(plain[p++])} << shift;
      const StoredValue e{key + delta, static_cast<std::int8_t>(plain[p++])};
      if ((i > 0 && delta == 0) || e.key < key) throw damaged(at, "its keys are not in order");
      if (!is_canonical_position_key(e.key)) throw damaged(at, "a key that is no position's canonical key");
      if (!is_valid_value(e.value)) throw damaged(at, "a value out of range");
      key = e.key;
      entry(e);
    }
    if (p != plain.size()) throw damaged(at, "bytes after its entries");
    scan.lookups += get_le(bytes, at + 16, 8);
    scan.hits += get_le(bytes, at + 24, 8);
    ++scan.frames;
    at = end;
    scan.good_bytes = at;
  }
  return scan;
}

}  // namespace evalsynth::connect4
