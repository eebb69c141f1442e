// A graph object, as LAGraph's LAGraph_Graph: the adjacency matrix with the properties algorithms
// keep asking for (A', the out- and in-degrees, whether A's structure is symmetric), each computed
// once, on first use, by the same API calls a user would write, and kept until the matrix changes.
// The matrix is the graph's own: it changes only through change(), which drops every kept property
// (LAGraph_DeleteCached), so a property can never be stale. Both backends; on the GPU everything
// stays on the device.
#pragma once

#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <utility>

#include "hpgraph/hpgraph.hpp"

namespace hpg {

/// What the adjacency matrix says (LAGraph_Kind): directed, A(i, j) an edge i -> j; or undirected,
/// each edge {i, j} stored as A(i, j) and A(j, i) (the caller's promise: structure_is_symmetric()
/// is then true without a check, and A' is A).
enum class GraphKind { directed, undirected };

template <class T>
class Graph {
 public:
  using degree_type = std::int64_t;

  /// Takes A (LAGraph_New moves the caller's A into the graph the same way). A square matrix;
  /// otherwise Error(dimension_mismatch), and `a` is left as it was. Its pending writes are merged
  /// here (wait()), so that threads reading the graph at once change nothing. A graph moved from
  /// may only be destroyed or assigned to (a property asked of it is Error(invalid_object)).
  Graph(Matrix<T>&& a, GraphKind kind) : a_(square(std::move(a), "Graph")), kind_(kind) { a_.wait(); }

  const Matrix<T>& matrix() const noexcept { return a_; }
  GraphKind kind() const noexcept { return kind_; }
  Index nodes() const noexcept { return a_.nrows(); }
  Backend backend() const noexcept { return a_.backend(); }

  /// A' (LAGraph_Cached_AT): made by hpg::transpose on first use; for an undirected graph, A itself.
  const Matrix<T>& transposed() const {
    Kept& k = kept();
    if (kind_ == GraphKind::undirected) return a_;
    std::lock_guard lock(k.making);
    if (!k.at) {
      refuse_making_in_loop();
      Matrix<T> at(a_.ncols(), a_.nrows(), a_.backend());
      transpose(at, no_mask, no_accum, a_);
      at.wait();
      k.at.emplace(std::move(at));
    }
    return *k.at;
  }

  /// The entries of each row (LAGraph_Cached_OutDegree): no entry for a row with none, as
  /// LAGraph's. Counted over A's structure (plus.pair with a full vector of ones): values are not
  /// read, a self-loop counts once.
  const Vector<degree_type>& out_degree() const {
    Kept& k = kept();
    std::lock_guard lock(k.making);
    if (!k.out_degree) k.out_degree.emplace(degrees(false));
    return *k.out_degree;
  }
  /// The entries of each column (LAGraph_Cached_InDegree); for an undirected graph, out_degree().
  const Vector<degree_type>& in_degree() const {
    if (kind_ == GraphKind::undirected) return out_degree();
    Kept& k = kept();
    std::lock_guard lock(k.making);
    if (!k.in_degree) k.in_degree.emplace(degrees(true));
    return *k.in_degree;
  }

  /// Whether A's structure equals A''s (LAGraph_Cached_IsSymmetricStructure): true for an
  /// undirected graph without a check; otherwise A .* A' holds as many entries as A, found once.
  bool structure_is_symmetric() const {
    Kept& k = kept();
    if (kind_ == GraphKind::undirected) return true;
    const Matrix<T>& at = transposed();
    std::lock_guard lock(k.making);
    if (!k.symmetric) {
      refuse_making_in_loop();
      Matrix<bool> both(nodes(), nodes(), a_.backend());
      ewise_mult(both, no_mask, no_accum, oneb<bool>{}, a_, at);
      k.symmetric = both.nvals() == a_.nvals();
    }
    return *k.symmetric;
  }

  /// Whether the structure is known to be symmetric without computing anything: an undirected
  /// graph, or a kept structure_is_symmetric() that was true (LAGraph's G->is_symmetric_structure
  /// == LAGraph_TRUE). Algorithms use it to skip what symmetry makes needless.
  bool structure_is_symmetric_known() const {
    Kept& k = kept();
    if (kind_ == GraphKind::undirected) return true;
    std::lock_guard lock(k.making);
    return k.symmetric.value_or(false);
  }

  /// Changes the matrix: f(Matrix<T>&) runs on it, then every kept property is dropped, also when
  /// f throws (the matrix may have changed before it did). The matrix must stay square (else
  /// Error(dimension_mismatch), the matrix as f left it: release() gives it back); for an
  /// undirected graph, symmetric.
  template <class F>
  void change(F&& f) {
    kept();
    struct DropAfter {
      Graph& g;
      ~DropAfter() { g.drop_kept(); }
    } drop{*this};
    std::forward<F>(f)(a_);
    square(a_, "Graph::change");
    a_.wait();  // its pending writes merged: reads by several threads change nothing
  }

  /// Drops the kept properties (LAGraph_DeleteCached): they are made again when next asked for.
  /// References to them that a caller holds are then dangling, as after change().
  void drop_kept() noexcept {
    if (!kept_) return;
    kept_->at.reset();
    kept_->out_degree.reset();
    kept_->in_degree.reset();
    kept_->symmetric.reset();
  }

  /// Gives the matrix back (the graph keeps an empty 0 x 0 one and nothing else).
  Matrix<T> release() {
    kept();
    drop_kept();
    return std::move(a_);
  }

 private:
  // Kept behind a pointer, so that the graph moves (a mutex does not).
  struct Kept {
    std::mutex making;
    std::optional<Matrix<T>> at;
    std::optional<Vector<degree_type>> out_degree, in_degree;
    std::optional<bool> symmetric;
  };

  template <class M>
  static M&& square(M&& a, const char* what) {
    if (a.nrows() != a.ncols())
      throw Error(Info::dimension_mismatch, std::string(what) + ": the adjacency matrix must be square (it is " + std::to_string(a.nrows()) +
                                                " x " + std::to_string(a.ncols()) + ")");
    return std::forward<M>(a);
  }
  Kept& kept() const {
    if (!kept_) throw Error(Info::invalid_object, "Graph: used after it was moved from");
    return *kept_;
  }

  /// A property is the graph's beyond any device loop: one made inside a loop's body would belong
  /// to that round (docs/api.md, "Loops on the device").
  static void refuse_making_in_loop() { detail::refuse_in_capture("Graph: making a kept property (ask for it before the loop)"); }

  /// Made once, then only read: in bitmap form (what hpg::view reads, so that a view of it
  /// converts nothing) and waited for, so that threads reading it at once change nothing.
  Vector<degree_type> degrees(bool of_columns) const {
    refuse_making_in_loop();
    const Index n = nodes();
    Vector<bool> ones(n, a_.backend());
    assign(ones, no_mask, no_accum, true, all);
    Vector<degree_type> d(n, a_.backend());
    if (of_columns) vxm(d, no_mask, no_accum, plus_pair<degree_type>, ones, a_);
    else mxv(d, no_mask, no_accum, plus_pair<degree_type>, a_, ones);
    d.set_sparsity(Sparsity::bitmap);
    d.wait();
    return d;
  }

  Matrix<T> a_;
  GraphKind kind_;
  std::unique_ptr<Kept> kept_ = std::make_unique<Kept>();
};

}  // namespace hpg
