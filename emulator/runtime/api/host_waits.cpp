// host_waits.cpp: the host's waits that are not the runtime API's. The work
// of the program's own streams runs when the host next waits
// (stream_work.hpp): a synchronisation does it, and so does a host thread
// that blocks for anything else, as a GPU works on while the host waits: on
// a condition variable, a semaphore, a barrier, another thread's end, or a
// sleep. simpleCallback's main thread waits on a condition variable for the
// threads its streams' callbacks start: those callbacks run then.
//
// The program's calls of these reach here (the link wraps them:
// driver/toolchain.py, emulator/CMakeLists.txt); calls the C++ library makes
// inside itself (std::condition_variable, std::thread::join) do not, and a
// host thread that waits by spinning on memory without any call waits for
// ever. A condition variable's wait that ran queued work returns at once, as
// POSIX lets it (a spurious wakeup): the waiter checks its condition again,
// and a signal sent while the work ran is not lost.
#include <pthread.h>
#include <semaphore.h>
#include <time.h>
#include <unistd.h>

#include "api/stream_work.hpp"

extern "C" {

int __real_pthread_cond_wait(pthread_cond_t* condition, pthread_mutex_t* mutex);
int __real_pthread_cond_timedwait(pthread_cond_t* condition, pthread_mutex_t* mutex, const struct timespec* until);
int __real_pthread_join(pthread_t thread, void** result);
int __real_pthread_barrier_wait(pthread_barrier_t* barrier);
int __real_sem_wait(sem_t* semaphore);
int __real_sem_timedwait(sem_t* semaphore, const struct timespec* until);
int __real_nanosleep(const struct timespec* duration, struct timespec* left);
int __real_usleep(useconds_t microseconds);
unsigned int __real_sleep(unsigned int seconds);

}  // extern "C"

namespace {

// Runs what is queued, with `mutex` let go meanwhile (a callback may need it);
// whether there was anything.
bool ranQueuedWork(pthread_mutex_t* mutex = nullptr) {
    if (!warp_emulator::workIsQueued()) {
        return false;
    }
    if (mutex != nullptr) {
        pthread_mutex_unlock(mutex);
    }
    warp_emulator::runQueuedWork();
    if (mutex != nullptr) {
        pthread_mutex_lock(mutex);
    }
    return true;
}

}  // namespace

extern "C" {

int __wrap_pthread_cond_wait(pthread_cond_t* condition, pthread_mutex_t* mutex) {
    return ranQueuedWork(mutex) ? 0 : __real_pthread_cond_wait(condition, mutex);
}
int __wrap_pthread_cond_timedwait(pthread_cond_t* condition, pthread_mutex_t* mutex, const struct timespec* until) {
    return ranQueuedWork(mutex) ? 0 : __real_pthread_cond_timedwait(condition, mutex, until);
}
int __wrap_pthread_join(pthread_t thread, void** result) {
    ranQueuedWork();
    return __real_pthread_join(thread, result);
}
int __wrap_pthread_barrier_wait(pthread_barrier_t* barrier) {
    ranQueuedWork();
    return __real_pthread_barrier_wait(barrier);
}
int __wrap_sem_wait(sem_t* semaphore) {
    ranQueuedWork();
    return __real_sem_wait(semaphore);
}
int __wrap_sem_timedwait(sem_t* semaphore, const struct timespec* until) {
    ranQueuedWork();
    return __real_sem_timedwait(semaphore, until);
}
int __wrap_nanosleep(const struct timespec* duration, struct timespec* left) {
    ranQueuedWork();
    return __real_nanosleep(duration, left);
}
int __wrap_usleep(useconds_t microseconds) {
    ranQueuedWork();
    return __real_usleep(microseconds);
}
unsigned int __wrap_sleep(unsigned int seconds) {
    ranQueuedWork();
    return __real_sleep(seconds);
}

}  // extern "C"
