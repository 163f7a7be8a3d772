"""Operations: rate limits, visitor bounds, the garbage collector, timings, kernel warm-up, the CLI."""
