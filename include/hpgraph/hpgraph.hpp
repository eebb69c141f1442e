// HPGraph: GraphBLAS-style graph algorithms on NVIDIA GPUs. The umbrella header.
#pragma once

#include "hpgraph/backend.hpp"
#include "hpgraph/descriptor.hpp"
#include "hpgraph/device_calls.hpp"
#include "hpgraph/error.hpp"
#include "hpgraph/generate.hpp"
#include "hpgraph/io.hpp"
#include "hpgraph/matrix.hpp"
#include "hpgraph/operations.hpp"
#include "hpgraph/ops/index_unary.hpp"
#include "hpgraph/ops/monoid.hpp"
#include "hpgraph/ops/semiring.hpp"
#include "hpgraph/ops/unary.hpp"
#include "hpgraph/ops/binary.hpp"
#include "hpgraph/types.hpp"
#include "hpgraph/vector.hpp"
#include "hpgraph/view.hpp"
