import BundleDiffCLI
prepareProcess()
exitProcess(CLI.run(Array(CommandLine.arguments.dropFirst()), console: .process(environment: processEnvironment())))
