// runtime_api.hpp: the CUDA runtime API as a host program calls it, one
// header for each part: the device (device_api.hpp), memory (memory_api.hpp),
// host memory kernels reach (host_memory_api.hpp), pitched 3D memory and
// peer copies (memory3d_api.hpp), stream-ordered allocation and memory pools
// (pool_api.hpp), kernels (kernel_api.hpp), cooperative launches
// (cooperative_api.hpp), streams and events (stream_api.hpp), graphs and
// stream capture (graph_api.hpp), memory shared between processes
// (ipc_api.hpp), CUDA arrays, textures and surfaces (texture_api.hpp). Each
// is implemented in the file of
// the same part in runtime/api/.
#pragma once

#include "cooperative_api.hpp"
#include "device_api.hpp"
#include "graph_api.hpp"
#include "host_memory_api.hpp"
#include "ipc_api.hpp"
#include "kernel_api.hpp"
#include "memory3d_api.hpp"
#include "memory_api.hpp"
#include "pool_api.hpp"
#include "stream_api.hpp"
#include "texture_api.hpp"
