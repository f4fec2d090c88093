#ifdef EVALSYNTH_HAS_MPI
#include "cluster/unit_window.hpp"

#include <cassert>
#include <cstring>
#include <limits>
#include <type_traits>

namespace evalsynth::cluster {

// Results go as their bytes: every rank runs the same binary.
static_assert(std::is_trivially_copyable_v<UnitResult>);

namespace {
constexpr MPI_Aint align8(MPI_Aint bytes) { return (bytes + 7) / 8 * 8; }
}  // namespace

UnitWindow::UnitWindow(MPI_Comm comm, Capacity capacity) : capacity_(capacity) {
  int rank = 0;
  MPI_Comm_rank(comm, &rank);
  MPI_Comm_size(comm, &ranks_);
  MPI_Comm node = MPI_COMM_NULL;
  MPI_Comm_split_type(comm, MPI_COMM_TYPE_SHARED, rank, MPI_INFO_NULL, &node);
  MPI_Comm_size(node, &ranks_on_node_);
  MPI_Comm_free(&node);
  const MPI_Aint bytes =
      rank == 0 ? results_at() + static_cast<MPI_Aint>(capacity.units * sizeof(UnitResult)) : MPI_Aint{0};
  void* base = nullptr;
  MPI_Win_allocate(bytes, 1, MPI_INFO_NULL, comm, &base, &window_);
  if (rank == 0) {
    base_ = static_cast<std::byte*>(base);
    std::memset(base_, 0, static_cast<std::size_t>(results_at()));
  }
  // One passive epoch on rank 0's memory for the window's life.
  MPI_Win_lock_all(MPI_MODE_NOCHECK, window_);
  MPI_Win_sync(window_);
  MPI_Barrier(comm);  // rank 0's memory is cleared before anyone reads it
}

UnitWindow::~UnitWindow() {
  MPI_Win_unlock_all(window_);
  MPI_Win_free(&window_);
}

MPI_Aint UnitWindow::slot_at(int rank) const {
  return field_at(kFieldCount) + static_cast<MPI_Aint>(rank) * static_cast<MPI_Aint>(sizeof(Slot));
}
MPI_Aint UnitWindow::payload_at() const { return slot_at(ranks_); }
MPI_Aint UnitWindow::units_at() const { return align8(payload_at() + static_cast<MPI_Aint>(capacity_.payload)); }
MPI_Aint UnitWindow::results_at() const {
  return units_at() + static_cast<MPI_Aint>(capacity_.units * sizeof(std::uint64_t));
}

void UnitWindow::get(void* out, std::size_t bytes, MPI_Aint at) {
  assert(bytes <= static_cast<std::size_t>(std::numeric_limits<int>::max()));
  MPI_Get(out, static_cast<int>(bytes), MPI_BYTE, 0, at, static_cast<int>(bytes), MPI_BYTE, window_);
  MPI_Win_flush(0, window_);
}

void UnitWindow::put(const void* in, std::size_t bytes, MPI_Aint at) {
  assert(bytes <= static_cast<std::size_t>(std::numeric_limits<int>::max()));
  MPI_Put(in, static_cast<int>(bytes), MPI_BYTE, 0, at, static_cast<int>(bytes), MPI_BYTE, window_);
  MPI_Win_flush(0, window_);
}

std::uint64_t UnitWindow::read(Field field) {
  std::uint64_t value = 0;
  MPI_Fetch_and_op(nullptr, &value, MPI_UINT64_T, 0, field_at(field), MPI_NO_OP, window_);
  MPI_Win_flush(0, window_);
  return value;
}

std::uint64_t UnitWindow::compare_and_swap(Field field, std::uint64_t expected, std::uint64_t desired) {
  std::uint64_t found = 0;
  MPI_Compare_and_swap(&desired, &expected, &found, MPI_UINT64_T, 0, field_at(field), window_);
  MPI_Win_flush(0, window_);
  return found;
}

void UnitWindow::add(Field field, std::uint64_t value) {
  MPI_Accumulate(&value, 1, MPI_UINT64_T, 0, field_at(field), 1, MPI_UINT64_T, MPI_SUM, window_);
  MPI_Win_flush(0, window_);
}

void UnitWindow::replace(Field field, std::uint64_t value) {
  MPI_Accumulate(&value, 1, MPI_UINT64_T, 0, field_at(field), 1, MPI_UINT64_T, MPI_REPLACE, window_);
  MPI_Win_flush(0, window_);
}

std::vector<std::uint64_t> UnitWindow::read_fields() {
  // Only the fields rank 0 writes with plain stores: a get racing the
  // atomic updates of kRound, kClaim and kDone would be erroneous in MPI.
  std::vector<std::uint64_t> fields(kFieldCount);
  get(fields.data() + kUnits, (kFieldCount - kUnits) * sizeof(std::uint64_t), field_at(kUnits));
  return fields;
}

std::string UnitWindow::read_payload(std::size_t bytes) {
  assert(bytes <= capacity_.payload);
  std::string payload(bytes, '\0');
  get(payload.data(), bytes, payload_at());
  return payload;
}

std::vector<std::uint64_t> UnitWindow::read_units(UnitRange range) {
  assert(range.end <= capacity_.units);
  std::vector<std::uint64_t> units(range.size());
  get(units.data(), units.size() * sizeof(std::uint64_t),
      units_at() + static_cast<MPI_Aint>(range.begin * sizeof(std::uint64_t)));
  return units;
}

void UnitWindow::put_results(UnitRange range, const std::vector<UnitResult>& results) {
  assert(range.end <= capacity_.units && results.size() == range.size());
  put(results.data(), results.size() * sizeof(UnitResult),
      results_at() + static_cast<MPI_Aint>(range.begin * sizeof(UnitResult)));
}

void UnitWindow::put_slot(int rank, const Slot& slot) { put(&slot, sizeof slot, slot_at(rank)); }

UnitRange UnitWindow::claim(std::uint32_t tag, std::size_t units, std::size_t size, bool front, std::uint64_t& word) {
  while (ClaimWord::unpack(word).tag == tag) {
    const Claim c = front ? claim_front(word, units, size) : claim_back(word, units, size);
    if (c.range.size() == 0) return {};
    const std::uint64_t found = compare_and_swap(kClaim, word, c.word);
    if (found == word) {
      word = c.word;
      return c.range;
    }
    word = found;  // another process claimed first: try again against what it left
  }
  return {};
}

void UnitWindow::sync() { MPI_Win_sync(window_); }

void UnitWindow::write_field(Field field, std::uint64_t value) {
  assert(base_);
  std::memcpy(base_ + field_at(field), &value, sizeof value);
}

void UnitWindow::write_payload(const std::string& bytes) {
  assert(base_ && bytes.size() <= capacity_.payload);
  std::memcpy(base_ + payload_at(), bytes.data(), bytes.size());
}

void UnitWindow::write_units(const std::vector<std::size_t>& units) {
  assert(base_ && units.size() <= capacity_.units);
  auto* out = reinterpret_cast<std::uint64_t*>(base_ + units_at());
  for (std::size_t i = 0; i < units.size(); ++i) out[i] = units[i];
}

UnitResult* UnitWindow::results() {
  assert(base_);
  return reinterpret_cast<UnitResult*>(base_ + results_at());
}

UnitWindow::Slot UnitWindow::slot(int rank) {
  assert(base_);
  Slot s;
  std::memcpy(&s, base_ + slot_at(rank), sizeof s);
  return s;
}

}  // namespace evalsynth::cluster
#endif
