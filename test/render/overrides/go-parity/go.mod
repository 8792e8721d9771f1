module gocheck

go 1.22

require (
	github.com/distribution/reference v0.6.0
	github.com/evanphx/json-patch/v5 v5.9.11
	sigs.k8s.io/yaml v1.4.0
)

require github.com/opencontainers/go-digest v1.0.0 // indirect
