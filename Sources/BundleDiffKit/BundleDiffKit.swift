// BundleDiffKit module
