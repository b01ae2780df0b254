public import ArgumentParser
import NarrateCore
import NarrateLibrary

// Library values typed on the command line as they are named: `--input-format markdown`,
// `--sort title`.
extension SourceFormat: ExpressibleByArgument {}
extension ArticleSort: ExpressibleByArgument {}
