import BundleDiffCLI
BundleDiffCommand.main()
