// Comparison module
