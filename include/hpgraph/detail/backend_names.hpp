// The backends' names: the one place a backend is named (docs/design.md, "Adding a backend").
// `hpg::Backend`, its `to_string`, `parse_backend`, the storage a container holds and every switch
// that sends a call to a backend are written over these lists. Names only: types.hpp includes it,
// so it holds no type and includes nothing.
#pragma once

// X(name, ...) once for each backend, compiled in or not (a container's storage has room for
// each, so its layout does not depend on the build). The order is Backend's.
#define HPG_ALL_BACKENDS(X, ...) X(host, __VA_ARGS__) X(cuda, __VA_ARGS__)

// X(name, ...) once for each backend compiled into this build, and the `case` labels of the
// others (a switch over Backend lists every value, so -Wswitch names a backend left out).
#if HPG_HAS_CUDA
#define HPG_BUILT_BACKENDS(X, ...) X(host, __VA_ARGS__) X(cuda, __VA_ARGS__)
#define HPG_UNBUILT_BACKEND_CASES
#else
#define HPG_BUILT_BACKENDS(X, ...) X(host, __VA_ARGS__)
#define HPG_UNBUILT_BACKEND_CASES case ::hpg::Backend::cuda:
#endif
