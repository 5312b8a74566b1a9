// stopped.cu: says it is running, then sleeps until a signal stops it. It
// prints which signal it got before it dies of that signal, so that
// tests/emulate_signals.py can tell that the signal reached the program.
#include <csignal>
#include <cstdio>
#include <unistd.h>

// Only write(2), which may be called in a signal handler (printf may not).
extern "C" void onSignal(int number) {
    switch (number) {
        case SIGINT: write(1, "program got SIGINT\n", 19); break;
        case SIGTERM: write(1, "program got SIGTERM\n", 20); break;
        default: write(1, "program got SIGHUP\n", 19); break;
    }
    std::signal(number, SIG_DFL);
    std::raise(number);
}

int main() {
    std::signal(SIGINT, onSignal);
    std::signal(SIGTERM, onSignal);
    std::signal(SIGHUP, onSignal);
    std::printf("running as process %d\n", static_cast<int>(getpid()));
    std::fflush(stdout);
    for (int second = 0; second < 300; ++second) {
        sleep(1);  // a signal ends it long before
    }
    return 0;
}
