"""The build machinery shared by emulator/nvcc and emulator/emulate."""
