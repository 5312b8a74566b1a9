// blocks_keep_program_signals_legal.cu: the program ignores SIGCHLD for one
// launch and counts SIGCHLD with a handler of its own for the next. On
// several workers (WARP_EMULATOR_WORKERS) the worker processes are the
// emulator's: both launches run whole, the handler counts none of them, the
// program's signal mask is as it left it, and its own child's end reaches
// its handler, as on a GPU.
// On an H200: awaits capture (tools/capture-case-answers.sh); a GPU's launch makes no process of the program's, and POSIX gives the program its own child's SIGCHLD: predicted alone cudaSuccess, printed "out[0], out[2047]: 0 63; SIGCHLD counted: 0", "SIGCHLD blocked: no", "own child: exit 7; SIGCHLD counted: 1"; memcheck 0 errors; initcheck 0 errors; racecheck 0 hazards
// run: WARP_EMULATOR_WORKERS=1
// run: WARP_EMULATOR_WORKERS=4
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include "case.cuh"

volatile sig_atomic_t childSignals = 0;
void countChildSignal(int) { childSignals = childSignals + 1; }

__global__ void fill(int* out) { out[blockIdx.x * blockDim.x + threadIdx.x] = static_cast<int>(blockIdx.x); }

int main() {
    const int blocks = 64;
    const int threads = 32;
    DeviceArray<int> out(blocks * threads, -1);
    signal(SIGCHLD, SIG_IGN);
    fill<<<blocks, threads>>>(out.device);
    printLaunchVerdict();
    signal(SIGCHLD, countChildSignal);
    fill<<<blocks, threads>>>(out.device);
    printLaunchVerdict();
    const std::vector<int> host = out.read();
    std::printf("out[0], out[2047]: %d %d; SIGCHLD counted: %d\n", host[0], host[blocks * threads - 1],
                static_cast<int>(childSignals));
    sigset_t mask;
    sigprocmask(SIG_SETMASK, nullptr, &mask);
    std::printf("SIGCHLD blocked: %s\n", sigismember(&mask, SIGCHLD) ? "yes" : "no");
    const pid_t own = fork();
    if (own == 0) {
        _exit(7);
    }
    int status = 0;
    waitpid(own, &status, 0);
    std::printf("own child: exit %d; SIGCHLD counted: %d\n", WEXITSTATUS(status), static_cast<int>(childSignals));
    return 0;
}
