// A std::vector-like array whose data() is a T* for every value type, bool included
// (std::vector<bool> packs bits and has no data(); here bool is stored one byte each, which is
// also what the device copies expect).
#pragma once

#include <algorithm>
#include <cstdint>
#include <initializer_list>
#include <type_traits>
#include <vector>

namespace hpg::detail {

template <class T>
class HostArray {
  using Storage = std::conditional_t<std::is_same_v<T, bool>, std::uint8_t, T>;
  static_assert(sizeof(Storage) == sizeof(T));

 public:
  using value_type = T;
  using size_type = std::size_t;
  using iterator = T*;
  using const_iterator = const T*;

  HostArray() = default;
  explicit HostArray(std::size_t n) : v_(n) {}
  HostArray(std::size_t n, const T& x) : v_(n, static_cast<Storage>(x)) {}
  HostArray(std::initializer_list<T> xs) { assign(xs.begin(), xs.end()); }
  template <class It>
  HostArray(It first, It last) { assign(first, last); }

  T* data() noexcept { return reinterpret_cast<T*>(v_.data()); }
  const T* data() const noexcept { return reinterpret_cast<const T*>(v_.data()); }
  std::size_t size() const noexcept { return v_.size(); }
  bool empty() const noexcept { return v_.empty(); }
  T& operator[](std::size_t i) { return data()[i]; }
  const T& operator[](std::size_t i) const { return data()[i]; }
  T& back() { return data()[size() - 1]; }
  const T& back() const { return data()[size() - 1]; }
  T* begin() noexcept { return data(); }
  T* end() noexcept { return data() + size(); }
  const T* begin() const noexcept { return data(); }
  const T* end() const noexcept { return data() + size(); }

  void resize(std::size_t n) { v_.resize(n); }
  void resize(std::size_t n, const T& x) { v_.resize(n, static_cast<Storage>(x)); }
  void reserve(std::size_t n) { v_.reserve(n); }
  void clear() noexcept { v_.clear(); }
  void shrink_to_fit() { v_.shrink_to_fit(); }
  void push_back(const T& x) { v_.push_back(static_cast<Storage>(x)); }
  void assign(std::size_t n, const T& x) { v_.assign(n, static_cast<Storage>(x)); }
  template <class It>
  void assign(It first, It last) {
    v_.clear();
    for (; first != last; ++first) v_.push_back(static_cast<Storage>(static_cast<T>(*first)));
  }
  template <class It>
  void insert_back(It first, It last) {
    for (; first != last; ++first) v_.push_back(static_cast<Storage>(static_cast<T>(*first)));
  }

  friend bool operator==(const HostArray& a, const HostArray& b) {
    return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](const T& x, const T& y) { return x == y; });
  }

 private:
  std::vector<Storage> v_;
};

}  // namespace hpg::detail
