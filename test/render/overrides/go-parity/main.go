package main

import (
	"encoding/json"
	"fmt"
	"os"

	_ "crypto/sha256"
	_ "crypto/sha512"

	"github.com/distribution/reference"
	jsonpatch "github.com/evanphx/json-patch/v5"
	"sigs.k8s.io/yaml"
)

type op struct {
	Op    string      `json:"op"`
	Path  string      `json:"path"`
	Value interface{} `json:"value"`
}

type tc struct {
	Kind string `json:"kind"`
	Text string `json:"text"`
	Ops  []op   `json:"ops"`
}

func run(c tc) (string, error) {
	switch c.Kind {
	case "json", "yaml":
		patchBytes, _ := json.Marshal(c.Ops)
		p, err := jsonpatch.DecodePatch(patchBytes)
		if err != nil {
			return "", err
		}
		raw := []byte(c.Text)
		if c.Kind == "yaml" {
			raw, err = yaml.YAMLToJSON(raw)
			if err != nil {
				return "", err
			}
		}
		out, err := p.Apply(raw)
		if err != nil {
			return "", err
		}
		if c.Kind == "yaml" {
			out, err = yaml.JSONToYAML(out)
			if err != nil {
				return "", err
			}
		}
		return string(out), nil
	case "image":
		ref, err := reference.Parse(c.Text)
		if err != nil {
			return "", err
		}
		s := ""
		if n, ok := ref.(reference.Named); ok {
			s += "name=" + n.Name()
		}
		if t, ok := ref.(reference.Tagged); ok {
			s += " tag=" + t.Tag()
		}
		if d, ok := ref.(reference.Digested); ok {
			s += " digest=" + d.Digest().String()
		}
		return s, nil
	}
	return "", fmt.Errorf("unknown kind")
}

func main() {
	var cases []tc
	if err := json.NewDecoder(os.Stdin).Decode(&cases); err != nil {
		panic(err)
	}
	type res struct {
		Out string `json:"out"`
		Err string `json:"err,omitempty"`
	}
	results := make([]res, 0, len(cases))
	for _, c := range cases {
		out, err := run(c)
		r := res{Out: out}
		if err != nil {
			r.Err = err.Error()
		}
		results = append(results, r)
	}
	json.NewEncoder(os.Stdout).Encode(results)
}
