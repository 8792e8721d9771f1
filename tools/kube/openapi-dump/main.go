// Prints the OpenAPI definitions the kube-apiserver of this module's Kubernetes version serves,
// enums included (the published api/openapi-spec snapshot leaves enums out), as one JSON object
// keyed by definition name. scripts/generate-kube-schemas.ts turns it into Flotilla's compact
// schema file.
package main

import (
	"encoding/json"
	"fmt"
	"os"

	"k8s.io/kube-openapi/pkg/validation/spec"
	generated "k8s.io/kubernetes/pkg/generated/openapi"
)

func main() {
	ref := func(name string) spec.Ref { return spec.MustCreateRef("#/definitions/" + name) }
	defs := generated.GetOpenAPIDefinitions(ref)
	out := make(map[string]spec.Schema, len(defs))
	for name, def := range defs {
		out[name] = def.Schema
	}
	enc := json.NewEncoder(os.Stdout)
	if err := enc.Encode(out); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
