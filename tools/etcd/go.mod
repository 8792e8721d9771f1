// Wrapper module: go.etcd.io/etcd/server/v3 cannot be `go install`ed because
// its go.mod replaces its sibling modules with relative paths; from here the
// siblings resolve to their published tags instead.
module github.com/flotilla/flotilla/tools/etcd

go 1.26.0

require go.etcd.io/etcd/server/v3 v3.6.16

tool go.etcd.io/etcd/server/v3
