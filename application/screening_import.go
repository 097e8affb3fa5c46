package application

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"path"
	"sort"
	"strings"

	"github.com/tttverify/tttverify/domain/field"
	"github.com/tttverify/tttverify/domain/screening"
)

// ImportResult is the outcome of an import.
type ImportResult struct {
	Version   *ListVersion // the new version, or the one in force when the files were identical
	Unchanged bool         // the files were those of the version in force: no new version
}

// ImportList reads a publication of a list and puts it in force, all or nothing: the files are
// parsed completely first, kept in the blob store, and the version with all its entries and its
// differences from the previous version is written in one transaction. Files identical to those
// of the version in force make no new version. On any failure the previous version stays in
// force and no file is left behind.
func (s *Screening) ImportList(ctx context.Context, actor *User, src screening.Source, files []ListFile) (*ImportResult, error) {
	if err := mustBeAdmin(actor); err != nil {
		return nil, err
	}
	parser, parserVersion, ok := s.parsers.Parser(src)
	if !ok {
		return nil, s.unknownSource(src)
	}
	named, err := nameListFiles(parser, files)
	if err != nil {
		return nil, err
	}
	digest, stored := digestListFiles(named)

	prev, err := s.inForce(ctx, src, false)
	if err != nil {
		return nil, err
	}
	if prev != nil && prev.SHA256 == digest {
		return &ImportResult{Version: prev, Unchanged: true}, nil
	}

	readers := make(map[string]io.Reader, len(named))
	for _, f := range named {
		readers[f.Name] = bytes.NewReader(f.Data)
	}
	list, err := parser.Parse(readers)
	if err != nil {
		return nil, ErrInvalidList.Detailf("%v", err)
	}
	if dups := screening.DuplicateIDs(list.Entries); len(dups) > 0 {
		return nil, ErrInvalidList.Detailf("%s: %d entries share an id with another entry (first: %q)", src, len(dups), dups[0])
	}

	now := s.clock.Now()
	if err := s.keepListFiles(ctx, src, now.Format("20060102T150405Z"), named, stored); err != nil {
		return nil, err
	}
	v := &ListVersion{Source: src, Published: list.Published, SHA256: digest, EntryCount: len(list.Entries),
		ImportedAt: now, ImportedBy: actor.Email, ParserVersion: parserVersion, Files: stored, InForce: true}
	unchanged := false
	err = s.tx.WithinTx(ctx, func(ctx context.Context) error {
		prev, err := s.inForce(ctx, src, true)
		if err != nil {
			return err
		}
		var before []screening.Entry
		if prev != nil {
			if prev.SHA256 == digest { // an identical import committed while this one parsed
				unchanged, v = true, prev
				return nil
			}
			v.PreviousID = prev.ID
			if before, err = s.lists.Entries(ctx, prev.ID); err != nil {
				return fmt.Errorf("read the entries of %s version %d: %w", src, prev.ID, err)
			}
		}
		changes := screening.Diff(before, list.Entries)
		v.Added, v.Removed, v.Changed = screening.CountChanges(changes)
		if err := s.lists.Create(ctx, NewListVersion{Version: v, Entries: list.Entries, Changes: changes}); err != nil {
			return err
		}
		// Every Top verification under review or certified is screened again against the new list.
		return s.jobs.Enqueue(ctx, RescreenTop{Reason: fmt.Sprintf("%s version %d", src, v.ID)})
	})
	if err != nil || unchanged {
		s.dropListFiles(stored)
		if err != nil {
			return nil, fmt.Errorf("import %s: %w", src, err)
		}
		return &ImportResult{Version: v, Unchanged: true}, nil
	}
	if err := s.index.rebuildIfUsed(ctx); err != nil {
		// The version is in force; searches keep the previous index until a rebuild succeeds.
		s.log.Error("rebuild screening index after import", "source", src, "error", err)
	}
	return &ImportResult{Version: v}, nil
}

// inForce is the version of src in force, or nil when the list was never imported.
func (s *Screening) inForce(ctx context.Context, src screening.Source, forUpdate bool) (*ListVersion, error) {
	v, err := s.lists.InForce(ctx, src, forUpdate)
	if errors.Is(err, ErrNotFound) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("read the %s version in force: %w", src, err)
	}
	return v, nil
}

func (s *Screening) unknownSource(src screening.Source) error {
	names := make([]string, 0)
	for _, known := range s.parsers.Sources() {
		names = append(names, string(known))
	}
	return field.Errors{"source": fmt.Sprintf("Unknown list %q; the lists are %s", src, strings.Join(names, ", "))}
}

// nameListFiles checks the files against what the parser reads. A list of one file takes any
// name (a download keeps the publisher's, a person may have renamed it); the files of a list of
// several are told apart by their base names, which a parser may give as patterns (path.Match)
// when their number varies.
func nameListFiles(p ListParser, files []ListFile) ([]ListFile, error) {
	want := p.Files()
	if len(files) == 0 {
		return nil, field.Errors{"files": fmt.Sprintf("%s needs the file %s", p.Source(), want[0])}
	}
	if len(want) == 1 {
		if len(files) != 1 {
			return nil, field.Errors{"files": fmt.Sprintf("%s reads one file (%s), got %d", p.Source(), want[0], len(files))}
		}
		return []ListFile{{Name: want[0], Data: files[0].Data}}, nil
	}
	out := make([]ListFile, 0, len(files))
	seen := map[string]bool{}
	first := false
	for _, f := range files {
		name := strings.ToLower(path.Base(strings.ReplaceAll(f.Name, "\\", "/")))
		known := false
		for i, w := range want {
			if ok, _ := path.Match(w, name); ok {
				known, first = true, first || i == 0
			}
		}
		if !known {
			return nil, field.Errors{"files": fmt.Sprintf("%s reads %s; %q is none of them", p.Source(), strings.Join(want, ", "), f.Name)}
		}
		if seen[name] {
			return nil, field.Errors{"files": fmt.Sprintf("%s was given twice", name)}
		}
		seen[name] = true
		out = append(out, ListFile{Name: name, Data: f.Data})
	}
	if !first {
		return nil, field.Errors{"files": fmt.Sprintf("%s needs the file %s", p.Source(), want[0])}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out, nil
}

// digestListFiles hashes every file, and all of them together by name, so that the same files
// give the same digest in any order.
func digestListFiles(files []ListFile) (string, []StoredListFile) {
	all := sha256.New()
	stored := make([]StoredListFile, len(files))
	for i, f := range files {
		sum := sha256.Sum256(f.Data)
		stored[i] = StoredListFile{Name: f.Name, Size: int64(len(f.Data)), SHA256: hex.EncodeToString(sum[:])}
		fmt.Fprintf(all, "%s\x00%x\x00", f.Name, sum)
	}
	return hex.EncodeToString(all.Sum(nil)), stored
}

// keepListFiles puts the raw files in the blob store under keys no other import uses, so that
// removing them after a failure can never touch another version's evidence.
func (s *Screening) keepListFiles(ctx context.Context, src screening.Source, stamp string, files []ListFile, stored []StoredListFile) error {
	var nonce [6]byte
	_, _ = rand.Read(nonce[:])
	prefix := fmt.Sprintf("screening/%s/%s-%s/", src, stamp, hex.EncodeToString(nonce[:]))
	for i, f := range files {
		stored[i].Key = prefix + f.Name
		if _, err := s.blobs.Put(ctx, stored[i].Key, bytes.NewReader(f.Data), int64(len(f.Data))+1, "application/octet-stream"); err != nil {
			s.dropListFiles(stored[:i])
			return fmt.Errorf("keep %s %s: %w", src, f.Name, err)
		}
	}
	return nil
}

func (s *Screening) dropListFiles(stored []StoredListFile) {
	for _, f := range stored {
		if f.Key == "" {
			continue
		}
		if err := s.blobs.Delete(context.Background(), f.Key); err != nil {
			s.log.Error("remove the file of a failed list import", "key", f.Key, "error", err)
		}
	}
}
