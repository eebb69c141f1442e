// The CUDA backend's view of the containers: an operand's storage on the GPU, through the
// containers' one accessor (MatrixAccess::on / VectorAccess::on). What is the CUDA backend's own
// stays here, not in the containers: a matrix's derived forms (transpose, HYBs), created on first
// use and dropped when the matrix is written.
#pragma once

#include <memory>
#include <mutex>

#include "hpgraph/cuda/storage.hpp"
#include "hpgraph/detail/device_memory.hpp"
#include "hpgraph/matrix.hpp"
#include "hpgraph/vector.hpp"

namespace hpg::detail::cuda {

/// A matrix's CSR on the GPU, to read.
template <class T>
const DeviceCsr<T>& csr_of(const Matrix<T>& m) {
  return MatrixAccess::on<Backend::cuda>(m);
}
/// ... to write: the forms derived from it are dropped. Not in a device loop's capture, which
/// carries vectors, not matrices.
template <class T>
DeviceCsr<T>& csr_of(Matrix<T>& m) {
  refuse_in_capture("writing a matrix");
  Csr<T>& a = MatrixAccess::on<Backend::cuda>(m);
  a.derived.reset();
  return a;  // the CSR alone: a new one assigned here keeps the (dropped) cache beside it
}
/// The cache of a matrix's derived forms (created on first use).
template <class T>
DeviceDerived<T>& derived_of(const Matrix<T>& m) {
  const Csr<T>& a = MatrixAccess::on<Backend::cuda>(m);
  // Threads reading one matrix at once may all get here first: one creates the cache.
  static std::mutex creating;
  std::lock_guard lock(creating);
  if (!a.derived) a.derived = std::make_shared<DeviceDerived<T>>();
  return *a.derived;
}
/// A vector's storage on the GPU.
template <class T>
const Vec<T>& vec_of(const Vector<T>& v) {
  return VectorAccess::on<Backend::cuda>(v);
}
template <class T>
Vec<T>& vec_of(Vector<T>& v) {
  return VectorAccess::on<Backend::cuda>(v);
}

}  // namespace hpg::detail::cuda
