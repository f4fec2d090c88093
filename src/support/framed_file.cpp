#include "support/framed_file.hpp"

#include <cstring>
#include <fstream>

#include "support/error.hpp"
#include "support/files.hpp"
#include "support/random.hpp"

namespace evalsynth {
namespace {

void put_le(std::string& out, std::uint64_t v, int bytes) {
  for (int i = 0; i < bytes; ++i) out += static_cast<char>((v >> (8 * i)) & 0xFF);
}
std::uint64_t get_le(const std::string& in, std::size_t at, int bytes) {
  std::uint64_t v = 0;
  for (int i = 0; i < bytes; ++i)
    v |= static_cast<std::uint64_t>(static_cast<unsigned char>(in[at + static_cast<std::size_t>(i)])) << (8 * i);
  return v;
}
bool starts_with_magic(const FrameKind& kind, const std::string& bytes) {
  return bytes.size() >= kind.magic.size() && std::memcmp(bytes.data(), kind.magic.data(), kind.magic.size()) == 0;
}

}  // namespace

std::string encode_frame(const FrameKind& kind, const std::string& payload) {
  std::string out(kind.magic.data(), kind.magic.size());
  put_le(out, kind.current_version, 4);
  put_le(out, payload.size(), 8);
  put_le(out, hash_text(payload), 8);
  return out + payload;
}

Frame decode_frame(const FrameKind& kind, const std::string& bytes, const std::string& source_name) {
  auto fail = [&](const std::string& what) { throw InputError(TextLocation{source_name, 1, 1}, what); };
  const std::string magic(kind.magic.data(), kind.magic.size());
  if (!starts_with_magic(kind, bytes))
    fail("not an evalsynth " + kind.what + " (it does not begin with " + magic + ")");
  if (bytes.size() < kFrameHeaderBytes)
    fail("truncated " + kind.what + ": " + std::to_string(bytes.size()) + " bytes, shorter than its header");
  const auto version = static_cast<std::uint32_t>(get_le(bytes, 8, 4));
  if (version < kind.oldest_version || version > kind.current_version) {
    const bool newer = version > kind.current_version;
    fail(kind.what + " format version " + std::to_string(version) + (newer ? " is newer than" : " is older than") +
         " this evalsynth reads (version " + std::to_string(kind.current_version) + ")" +
         (newer ? "; use a newer evalsynth" : "; older formats are not supported"));
  }
  const std::uint64_t length = get_le(bytes, 12, 8);
  const std::uint64_t have = bytes.size() - kFrameHeaderBytes;
  if (have < length)
    fail("truncated " + kind.what + ": the header promises " + std::to_string(length) +
         " bytes of data, the file has " + std::to_string(have));
  if (have > length)
    fail("damaged " + kind.what + ": " + std::to_string(have - length) + " bytes after the end of its data");
  Frame frame{version, bytes.substr(kFrameHeaderBytes)};
  if (hash_text(frame.payload) != get_le(bytes, 20, 8))
    fail("corrupted " + kind.what + ": its data does not match the checksum in its header");
  return frame;
}

Frame read_frame_file(const FrameKind& kind, const std::string& path) {
  const std::string header = read_file_prefix(path, kind.what, kFrameHeaderBytes);
  std::size_t size = kFrameHeaderBytes;
  if (header.size() == kFrameHeaderBytes && starts_with_magic(kind, header)) {
    const std::uint64_t length = get_le(header, 12, 8);
    if (length > kind.max_payload)
      throw InputError(TextLocation{path, 1, 1}, "damaged " + kind.what + ": its header promises " +
                                                     std::to_string(length) + " bytes of data, more than a " +
                                                     kind.what + " holds (" + std::to_string(kind.max_payload) +
                                                     " bytes)");
    size += static_cast<std::size_t>(length) + 1;
  }
  return decode_frame(kind, read_file_prefix(path, kind.what, size), path);
}

bool has_frame_magic(const FrameKind& kind, const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::array<char, 8> head{};
  if (!in.read(head.data(), head.size())) return false;
  return head == kind.magic;
}

}  // namespace evalsynth
