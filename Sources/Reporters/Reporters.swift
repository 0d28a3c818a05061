// Reporters module
