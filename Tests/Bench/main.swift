// Crypto throughput benchmark; filled in by the crypto work.
print("no benchmarks yet")
