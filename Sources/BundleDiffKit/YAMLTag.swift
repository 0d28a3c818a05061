/// The tags of YAML's core and type repository (yaml.org/type) that the reading of
/// configuration and baseline files gives a meaning to; any other tag builds a string, a
/// list or a mapping by the node's kind.
enum YAMLTag {
    static let str = "tag:yaml.org,2002:str"
    static let seq = "tag:yaml.org,2002:seq"
    static let map = "tag:yaml.org,2002:map"
    static let bool = "tag:yaml.org,2002:bool"
    static let float = "tag:yaml.org,2002:float"
    static let null = "tag:yaml.org,2002:null"
    static let int = "tag:yaml.org,2002:int"
    static let binary = "tag:yaml.org,2002:binary"
    static let merge = "tag:yaml.org,2002:merge"
    static let omap = "tag:yaml.org,2002:omap"
    static let pairs = "tag:yaml.org,2002:pairs"
    static let set = "tag:yaml.org,2002:set"
    static let timestamp = "tag:yaml.org,2002:timestamp"
    static let value = "tag:yaml.org,2002:value"
}
