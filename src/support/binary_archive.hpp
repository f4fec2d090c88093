#pragma once
// The binary cereal archives checkpoints and model files are written with: every number as
// little-endian bytes of its own size (doubles by their IEEE-754 bits), so a
// checkpoint reads the same on any machine. They differ from cereal's
// portable binary archive in one way that matters for hostile files: the
// loader refuses any container or string claiming more elements than there
// are bytes left, before anything is allocated. A damaged size field thus
// costs an error message, not gigabytes.

#include <bit>
#include <cereal/cereal.hpp>
#include <cstdint>
#include <cstring>
#include <string>
#include <type_traits>

namespace evalsynth {

class BinaryOutputArchive : public cereal::OutputArchive<BinaryOutputArchive, cereal::AllowEmptyClassElision> {
 public:
  explicit BinaryOutputArchive(std::string& out) : OutputArchive(this), out_(out) {}

  void write_bytes(const void* data, std::size_t size) { out_.append(static_cast<const char*>(data), size); }
  template <class T>
  void write_number(T value) {
    using Bits =
        std::conditional_t<sizeof(T) == 8, std::uint64_t,
                           std::conditional_t<sizeof(T) == 4, std::uint32_t,
                                              std::conditional_t<sizeof(T) == 2, std::uint16_t, std::uint8_t>>>;
    const Bits bits = std::bit_cast<Bits>(value);
    for (std::size_t i = 0; i < sizeof(T); ++i) out_ += static_cast<char>((bits >> (8 * i)) & 0xFF);
  }

 private:
  std::string& out_;
};

class BinaryInputArchive : public cereal::InputArchive<BinaryInputArchive, cereal::AllowEmptyClassElision> {
 public:
  BinaryInputArchive(const std::string& in, std::uint32_t format_version)
      : InputArchive(this), in_(in), format_version_(format_version) {}

  // The format the data was written in: loaders of fields added later read
  // older checkpoints by the old layout.
  std::uint32_t format_version() const { return format_version_; }

  std::size_t bytes_left() const { return in_.size() - at_; }
  void read_bytes(void* data, std::size_t size) {
    if (size > bytes_left()) throw cereal::Exception("the data ends early");
    std::memcpy(data, in_.data() + at_, size);
    at_ += size;
  }
  template <class T>
  T read_number() {
    using Bits =
        std::conditional_t<sizeof(T) == 8, std::uint64_t,
                           std::conditional_t<sizeof(T) == 4, std::uint32_t,
                                              std::conditional_t<sizeof(T) == 2, std::uint16_t, std::uint8_t>>>;
    if (sizeof(T) > bytes_left()) throw cereal::Exception("the data ends early");
    Bits bits = 0;
    for (std::size_t i = 0; i < sizeof(T); ++i)
      bits |= static_cast<Bits>(static_cast<Bits>(static_cast<unsigned char>(in_[at_ + i])) << (8 * i));
    at_ += sizeof(T);
    return std::bit_cast<T>(bits);
  }

 private:
  const std::string& in_;
  std::uint32_t format_version_;
  std::size_t at_ = 0;
};

// Numbers (bool as one byte).
template <class T>
std::enable_if_t<std::is_arithmetic_v<T>> CEREAL_SAVE_FUNCTION_NAME(BinaryOutputArchive& a, const T& t) {
  if constexpr (std::is_same_v<T, bool>)
    a.write_number<std::uint8_t>(t ? 1 : 0);
  else
    a.write_number(t);
}
template <class T>
std::enable_if_t<std::is_arithmetic_v<T>> CEREAL_LOAD_FUNCTION_NAME(BinaryInputArchive& a, T& t) {
  if constexpr (std::is_same_v<T, bool>)
    t = a.read_number<std::uint8_t>() != 0;
  else
    t = a.read_number<T>();
}

// Names are for text archives; binary ones store the value alone.
template <class Archive, class T>
CEREAL_ARCHIVE_RESTRICT(BinaryInputArchive, BinaryOutputArchive)
CEREAL_SERIALIZE_FUNCTION_NAME(Archive& a, cereal::NameValuePair<T>& t) {
  a(t.value);
}

// Container sizes, bounded by the bytes left when loading.
template <class T>
void CEREAL_SAVE_FUNCTION_NAME(BinaryOutputArchive& a, const cereal::SizeTag<T>& t) {
  a.write_number(static_cast<std::uint64_t>(t.size));
}
template <class T>
void CEREAL_LOAD_FUNCTION_NAME(BinaryInputArchive& a, cereal::SizeTag<T>& t) {
  const std::uint64_t size = a.read_number<std::uint64_t>();
  if (size > a.bytes_left())
    throw cereal::Exception("a container claims " + std::to_string(size) + " elements with " +
                            std::to_string(a.bytes_left()) + " bytes left");
  t.size = static_cast<std::remove_reference_t<T>>(size);
}

// Raw bytes (the characters of strings).
template <class T>
void CEREAL_SAVE_FUNCTION_NAME(BinaryOutputArchive& a, const cereal::BinaryData<T>& data) {
  static_assert(sizeof(std::remove_pointer_t<T>) == 1, "only byte data is stored raw");
  a.write_bytes(data.data, static_cast<std::size_t>(data.size));
}
template <class T>
void CEREAL_LOAD_FUNCTION_NAME(BinaryInputArchive& a, cereal::BinaryData<T>& data) {
  static_assert(sizeof(std::remove_pointer_t<T>) == 1, "only byte data is stored raw");
  a.read_bytes(data.data, static_cast<std::size_t>(data.size));
}

}  // namespace evalsynth

CEREAL_REGISTER_ARCHIVE(evalsynth::BinaryOutputArchive)
CEREAL_REGISTER_ARCHIVE(evalsynth::BinaryInputArchive)
CEREAL_SETUP_ARCHIVE_TRAITS(evalsynth::BinaryInputArchive, evalsynth::BinaryOutputArchive)
