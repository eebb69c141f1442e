// The storage a container holds: one backend's, chosen when the container is made. A tagged union
// written once over the backend list (backend_list.hpp), not std::variant: variant's special
// members cost three times the functions in every translation unit that moves or destroys a
// container (docs/plans/containers.md, 2.1), and a container is moved or destroyed everywhere.
#pragma once

#include <memory>
#include <new>
#include <string>
#include <type_traits>
#include <utility>

#include "hpgraph/detail/backend_list.hpp"
#include "hpgraph/error.hpp"
#include "hpgraph/types.hpp"

namespace hpg::detail {

/// Each backend's storage type of one kind, by Backend value: Alt<Backend::host, T> is
/// host::Sca<T> for the kind ScaOf. A kind is an alias template over this table.
template <Backend B>
struct BackendTypes;
#define HPG_DETAIL_BACKEND_TYPES(name, ...)   \
  template <>                                 \
  struct BackendTypes<Backend::name> {        \
    template <class T>                        \
    using Sca = ::hpg::detail::name::Sca<T>;  \
    template <class T>                        \
    using Vec = ::hpg::detail::name::Vec<T>;  \
    template <class T>                        \
    using Csr = ::hpg::detail::name::Csr<T>;  \
  };
HPG_ALL_BACKENDS(HPG_DETAIL_BACKEND_TYPES)
#undef HPG_DETAIL_BACKEND_TYPES

template <Backend B, class T>
using ScaOf = typename BackendTypes<B>::template Sca<T>;
template <Backend B, class T>
using VecOf = typename BackendTypes<B>::template Vec<T>;
template <Backend B, class T>
using CsrOf = typename BackendTypes<B>::template Csr<T>;

template <Backend>
inline constexpr bool no_such_backend = false;

[[noreturn]] inline void wrong_storage(Backend held, Backend asked) {
  throw_error(Info::invalid_object, "internal: a container on the " + std::string(to_string(held)) + " backend was read as one on " +
                                        std::string(to_string(asked)));
}

/// One of Alt<B, T> for the backends B of the list, and which. Moves throw nothing (so do every
/// backend's storage types' moves: checked below), so a container's moves throw nothing. There is
/// no copy: a copy is a backend's work (its Storage's clone function).
template <template <Backend, class> class Alt, class T>
class OneStorage {
#define HPG_DETAIL_NOTHROW_MOVES(name, ...)                                   \
  static_assert(std::is_nothrow_move_constructible_v<Alt<Backend::name, T>> && \
                std::is_nothrow_move_assignable_v<Alt<Backend::name, T>>);
  HPG_ALL_BACKENDS(HPG_DETAIL_NOTHROW_MOVES)
#undef HPG_DETAIL_NOTHROW_MOVES

 public:
  /// The storage of backend B, made from a (the only way to make one).
  template <Backend B>
  static OneStorage hold(Alt<B, T>&& a) noexcept {
    OneStorage s(B);
    ::new (static_cast<void*>(&member<B>(s.u_))) Alt<B, T>(std::move(a));
    return s;
  }
  OneStorage(OneStorage&& o) noexcept : b_(o.b_) { construct_from(std::move(o)); }
  OneStorage& operator=(OneStorage&& o) noexcept {
    if (this != &o) {
      destroy();
      b_ = o.b_;
      construct_from(std::move(o));
    }
    return *this;
  }
  OneStorage(const OneStorage&) = delete;
  OneStorage& operator=(const OneStorage&) = delete;
  ~OneStorage() { destroy(); }

  Backend backend() const noexcept { return b_; }
  /// The storage as backend B's; Error(invalid_object) if it is another backend's (a bug: a
  /// caller dispatches on backend() first).
  template <Backend B>
  Alt<B, T>& get() {
    if (b_ != B) [[unlikely]]
      wrong_storage(b_, B);
    return member<B>(u_);
  }
  template <Backend B>
  const Alt<B, T>& get() const {
    if (b_ != B) [[unlikely]]
      wrong_storage(b_, B);
    return member<B>(u_);
  }
  /// The storage as backend B's, or null if it is another backend's.
  template <Backend B>
  Alt<B, T>* get_if() noexcept {
    return b_ == B ? &member<B>(u_) : nullptr;
  }
  template <Backend B>
  const Alt<B, T>* get_if() const noexcept {
    return b_ == B ? &member<B>(u_) : nullptr;
  }
  /// Backend B's storage a, in place of what is held (the only way the backend changes).
  template <Backend B>
  void replace(Alt<B, T>&& a) noexcept {
    Alt<B, T> kept(std::move(a));  // a may be what is held
    destroy();
    b_ = B;
    ::new (static_cast<void*>(&member<B>(u_))) Alt<B, T>(std::move(kept));
  }

 private:
  explicit OneStorage(Backend b) noexcept : b_(b) {}

  union U {
    U() noexcept {}
    ~U() {}
#define HPG_DETAIL_MEMBER(name, ...) Alt<Backend::name, T> name;
    HPG_ALL_BACKENDS(HPG_DETAIL_MEMBER)
#undef HPG_DETAIL_MEMBER
  };

  template <Backend B, class Union>
  static auto& member(Union& u) noexcept {
#define HPG_DETAIL_PICK(name, ...) \
  if constexpr (B == Backend::name) return (u.name); else
    HPG_ALL_BACKENDS(HPG_DETAIL_PICK) {
      static_assert(no_such_backend<B>, "a Backend value missing from HPG_ALL_BACKENDS");
    }
#undef HPG_DETAIL_PICK
  }

  // Only for a move: o holds a value of backend b_ (its own storage, moved from, stays to be destroyed).
  void construct_from(OneStorage&& o) noexcept {
    switch (b_) {
#define HPG_DETAIL_MOVE_CASE(name, ...)                                                                  \
  case Backend::name:                                                                                    \
    ::new (static_cast<void*>(&member<Backend::name>(u_))) Alt<Backend::name, T>(std::move(o.u_.name)); \
    return;
      HPG_ALL_BACKENDS(HPG_DETAIL_MOVE_CASE)
#undef HPG_DETAIL_MOVE_CASE
    }
  }
  void destroy() noexcept {
    switch (b_) {
#define HPG_DETAIL_DESTROY_CASE(name, ...) \
  case Backend::name:                      \
    std::destroy_at(&u_.name);             \
    return;
      HPG_ALL_BACKENDS(HPG_DETAIL_DESTROY_CASE)
#undef HPG_DETAIL_DESTROY_CASE
    }
  }

  Backend b_;
  U u_;
};

/// A Scalar's storage, a Vector's and a Matrix's.
template <class T>
using ScalarStorage = OneStorage<ScaOf, T>;
template <class T>
using VecStorage = OneStorage<VecOf, T>;
template <class T>
using CsrStorage = OneStorage<CsrOf, T>;

}  // namespace hpg::detail

// Inside a member of a container that holds `holder` (a OneStorage): `return expr;` for the backend
// the holder is on, with S that backend's Storage, B its Backend value and st its storage. expr may
// hold commas; holder is evaluated once. The whole body of a member of a class template (it is
// then compiled only where it is used), or of a lambda in one, that has no template parameter or
// local named S, B, st or hpg_detail_holder.
#define HPG_DETAIL_STORAGE_CASE(name, holder, ...)           \
  case ::hpg::Backend::name: {                               \
    using S = ::hpg::detail::name::Storage;                  \
    constexpr ::hpg::Backend B = ::hpg::Backend::name;       \
    auto& st = (holder).template get<B>();                   \
    (void)st;                                                \
    return __VA_ARGS__;                                      \
  }
#define HPG_DETAIL_ON_STORAGE(holder, ...)                                                 \
  auto&& hpg_detail_holder = (holder); /* once: holder may be a call that waits */         \
  switch (hpg_detail_holder.backend()) {                                                   \
    HPG_BUILT_BACKENDS(HPG_DETAIL_STORAGE_CASE, hpg_detail_holder, __VA_ARGS__)            \
    HPG_UNBUILT_BACKEND_CASES break;                                                       \
  }                                                                                        \
  ::hpg::detail::unbuilt_backend(hpg_detail_holder.backend())

// `return expr;` with S backend b's Storage, for a container being made on backend b (expr makes
// its storage: `Holder::template hold<B>(...)` with B the backend).
#define HPG_DETAIL_MAKE_CASE(name, b, ...) \
  case ::hpg::Backend::name: {             \
    using S = ::hpg::detail::name::Storage; \
    constexpr ::hpg::Backend B = ::hpg::Backend::name; \
    return __VA_ARGS__;                    \
  }
#define HPG_DETAIL_MAKE_STORAGE(b, ...)                           \
  switch (b) {                                                    \
    HPG_BUILT_BACKENDS(HPG_DETAIL_MAKE_CASE, b, __VA_ARGS__)      \
    HPG_UNBUILT_BACKEND_CASES break;                              \
  }

// `return expr;` with S backend b's Storage, for what a backend does with no container's storage
// at hand (a loop's rounds).
#define HPG_DETAIL_BACKEND_CASE(name, b, ...) \
  case ::hpg::Backend::name: {                \
    using S = ::hpg::detail::name::Storage;   \
    return __VA_ARGS__;                       \
  }
#define HPG_DETAIL_ON_BACKEND(b, ...)                          \
  switch (b) {                                                 \
    HPG_BUILT_BACKENDS(HPG_DETAIL_BACKEND_CASE, b, __VA_ARGS__) \
    HPG_UNBUILT_BACKEND_CASES break;                           \
  }                                                            \
  ::hpg::detail::unbuilt_backend(b)
