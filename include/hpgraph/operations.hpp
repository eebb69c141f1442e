// The GraphBLAS operations (C API 2.0 semantics), argument order as in the C API: output, mask,
// accumulator, operator, inputs, descriptor. Every operation computes its result T from the
// inputs, then merges it into the output: Z = accum ? accum(W, T) : T, and W<M, replace> = Z (see
// descriptor.hpp). An output may alias an input or the mask: the result is as if the inputs were
// copied first. One header per family, as the C API groups them; each operation checks its
// arguments (detail/frontend.hpp) and calls the backend that holds its operands
// (detail/backends.hpp).
#pragma once

#include "hpgraph/apply.hpp"
#include "hpgraph/assign.hpp"
#include "hpgraph/build.hpp"
#include "hpgraph/ewise.hpp"
#include "hpgraph/extract.hpp"
#include "hpgraph/hints.hpp"
#include "hpgraph/indices.hpp"
#include "hpgraph/multiply.hpp"
#include "hpgraph/ops/index_unary.hpp"
#include "hpgraph/ops/semiring.hpp"
#include "hpgraph/ops/unary.hpp"
#include "hpgraph/reduce.hpp"
#include "hpgraph/scalar.hpp"
#include "hpgraph/select.hpp"
#include "hpgraph/transpose.hpp"
