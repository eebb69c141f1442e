// Shared by runtime_floor.cu and loop_prototype.cu.
#pragma once

#include <cuda_runtime.h>

// A graph holding one conditional WHILE node; the stream starts capturing its body. The body must
// set the returned handle (cudaGraphSetConditional) to say whether to go round again.
inline cudaError_t begin_while_body(cudaStream_t s, cudaGraph_t* g, cudaGraphConditionalHandle* h) {
  cudaError_t e = cudaGraphCreate(g, 0);
  if (e == cudaSuccess) e = cudaGraphConditionalHandleCreate(h, *g, 1, cudaGraphCondAssignDefault);
  cudaGraphNodeParams p = {};
  p.type = cudaGraphNodeTypeConditional;
  p.conditional.handle = *h;
  p.conditional.type = cudaGraphCondTypeWhile;
  p.conditional.size = 1;
  cudaGraphNode_t node;
  if (e == cudaSuccess) e = cudaGraphAddNode(&node, *g, nullptr, nullptr, 0, &p);
  if (e == cudaSuccess) e = cudaStreamBeginCaptureToGraph(s, p.conditional.phGraph_out[0], nullptr, nullptr, 0, cudaStreamCaptureModeThreadLocal);
  return e;
}
