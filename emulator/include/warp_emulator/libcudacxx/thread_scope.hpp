// thread_scope.hpp: cuda::thread_scope, the scopes of libcu++'s
// synchronization objects: a system, a device, a block, a thread.
#pragma once

namespace cuda {

enum thread_scope {
    thread_scope_system = 0,
    thread_scope_device = 1,
    thread_scope_block = 2,
    thread_scope_thread = 3,
};

}  // namespace cuda
