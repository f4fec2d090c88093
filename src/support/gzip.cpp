#include "support/gzip.hpp"

#include <zlib.h>

#include <algorithm>
#include <cassert>

#include "support/error.hpp"

namespace evalsynth {
namespace {

// zlib's window bits for a gzip wrapper (15 for the window, +16 for gzip);
// inflate's +32 would also accept zlib streams, which no file of ours is.
constexpr int kGzipWindowBits = 15 + 16;
constexpr std::size_t kChunk = std::size_t{1} << 16;

}  // namespace

bool is_gzip(std::string_view bytes) { return bytes.size() >= 2 && bytes[0] == '\x1f' && bytes[1] == '\x8b'; }

bool names_gzip_file(std::string_view path) { return path.ends_with(".gz"); }

std::string gzip_compress(std::string_view text) {
  z_stream stream{};
  [[maybe_unused]] const int init =
      deflateInit2(&stream, Z_BEST_COMPRESSION, Z_DEFLATED, kGzipWindowBits, 9, Z_DEFAULT_STRATEGY);
  assert(init == Z_OK);  // fails only for bad arguments or no memory
  std::string out;
  out.resize(deflateBound(&stream, static_cast<uLong>(text.size())));
  // zlib's interface is not const-correct; deflate only reads next_in.
  stream.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(text.data()));
  stream.next_out = reinterpret_cast<Bytef*>(out.data());
  // zlib counts in 32 bits: the text and the room go in by pieces.
  constexpr std::size_t kPiece = std::size_t{1} << 30;
  std::size_t in_left = text.size(), out_left = out.size();
  int status = Z_OK;
  while (status != Z_STREAM_END) {
    const std::size_t in = std::min(in_left, kPiece), room = std::min(out_left, kPiece);
    stream.avail_in = static_cast<uInt>(in);
    stream.avail_out = static_cast<uInt>(room);
    status = deflate(&stream, in == in_left ? Z_FINISH : Z_NO_FLUSH);
    // deflateBound leaves room for the whole stream, so deflate never stalls.
    assert(status == Z_OK || status == Z_STREAM_END);
    in_left -= in - stream.avail_in;
    out_left -= room - stream.avail_out;
  }
  out.resize(out.size() - out_left);
  deflateEnd(&stream);
  return out;
}

std::string gzip_decompress(std::string_view bytes, const std::string& path, std::size_t max_bytes) {
  const TextLocation where{path, 1, 1};
  std::string out;
  z_stream stream{};
  if (inflateInit2(&stream, kGzipWindowBits) != Z_OK) throw InputError(where, "cannot start decompressing");
  stream.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(bytes.data()));
  stream.avail_in = static_cast<uInt>(bytes.size());
  int status = Z_OK;
  while (true) {
    const std::size_t room = std::min(kChunk, max_bytes + 1 - std::min(out.size(), max_bytes + 1));
    if (room == 0) break;
    const std::size_t before = out.size();
    out.resize(before + room);
    stream.next_out = reinterpret_cast<Bytef*>(out.data() + before);
    stream.avail_out = static_cast<uInt>(room);
    status = inflate(&stream, Z_NO_FLUSH);
    out.resize(before + room - stream.avail_out);
    if (status == Z_STREAM_END) {
      // Another member may follow (`cat a.gz b.gz` is a valid gzip file).
      if (stream.avail_in == 0) break;
      inflateReset(&stream);
      continue;
    }
    if (status != Z_OK && status != Z_BUF_ERROR) break;
    if (status == Z_BUF_ERROR && stream.avail_in == 0) break;  // the input ended inside the stream
  }
  const std::string reason = stream.msg ? std::string(" (") + stream.msg + ")" : std::string();
  inflateEnd(&stream);
  if (out.size() > max_bytes)
    throw InputError(where, "compressed file holds more than " + std::to_string(max_bytes) + " bytes");
  if (status != Z_STREAM_END) throw InputError(where, "damaged or truncated gzip data" + reason);
  return out;
}

}  // namespace evalsynth
