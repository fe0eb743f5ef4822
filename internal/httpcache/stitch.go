package httpcache

import (
	"bytes"
	"encoding/binary"
	"hash/crc32"
	"strconv"

	"github.com/cespare/xxhash/v2"
	"github.com/klauspost/compress/flate"
)

// A page built for one subject (a list's page) is mostly bytes every such page shares
// (the app's HTML, its inlined styles) around a few of its own (a title, a description).
// Gzipping the whole page for each subject compresses the shared bytes again every time:
// most of a page's cost. Instead the shared parts are compressed once (Fixed) and a page
// is stitched: each part is its own run of DEFLATE blocks, ended by a sync flush (so it
// ends on a byte and is not the last block), one after another in one gzip member, with
// a final empty block, the CRC-32 and the length of the whole. Only a page's own bytes
// are compressed for it. A part cannot refer back into the one before, which costs a
// page a few hundred bytes on the wire against gzipping it whole.

// Fixed is a part many bodies share, kept plain and compressed once.
type Fixed struct {
	raw      []byte
	deflated []byte // raw as DEFLATE blocks ended by a sync flush
}

// NewFixed keeps b (not to be changed afterwards) and compresses it once, at the best
// compression.
func NewFixed(b []byte) *Fixed {
	return &Fixed{raw: b, deflated: deflateFlushed(b, flate.BestCompression)}
}

// Part is one part of a stitched body: shared (a Fixed) or the body's own text.
type Part struct {
	fixed *Fixed
	own   string
}

// Shared is f as a part of a body.
func (f *Fixed) Part() Part { return Part{fixed: f} }

// Own is s as a part of one body alone: compressed for it.
func Own(s string) Part { return Part{own: s} }

// finalBlock is an empty DEFLATE block marked last (fixed Huffman codes: the block's
// header bits 1, 01 and the end-of-block code, seven zero bits).
var finalBlock = []byte{0x03, 0x00}

// gzipHeader is a gzip member's header: DEFLATE, no name, no time, unknown system.
var gzipHeader = []byte{0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 255}

// Stitch is the body made of parts in order, kept plain and gzipped as a Precompressed:
// the Fixed parts as they were compressed once, the Own ones compressed now. Its strong
// ETag is a hash of the plain body, so it is the same on every process for the same bytes.
func Stitch(contentType, cacheControl string, parts ...Part) *Precompressed {
	n, z := 0, len(gzipHeader)+len(finalBlock)+8
	for _, p := range parts {
		if p.fixed != nil {
			n, z = n+len(p.fixed.raw), z+len(p.fixed.deflated)
		} else {
			n, z = n+len(p.own), z+len(p.own)+16
		}
	}
	raw := make([]byte, 0, n)
	gz := make([]byte, 0, z)
	gz = append(gz, gzipHeader...)
	for _, p := range parts {
		if p.fixed != nil {
			raw = append(raw, p.fixed.raw...)
			gz = append(gz, p.fixed.deflated...)
			continue
		}
		raw = append(raw, p.own...)
		if p.own != "" {
			gz = appendDeflated(gz, []byte(p.own))
		}
	}
	gz = append(gz, finalBlock...)
	gz = binary.LittleEndian.AppendUint32(gz, crc32.ChecksumIEEE(raw))
	gz = binary.LittleEndian.AppendUint32(gz, uint32(len(raw)))
	etag := `"p` + strconv.FormatUint(xxhash.Sum64(raw), 36) + `"`
	return newPrecompressedWith(raw, gz, etag, contentType, cacheControl)
}

// deflateFlushed is b as DEFLATE blocks at level, ended by a sync flush.
func deflateFlushed(b []byte, level int) []byte {
	var buf bytes.Buffer
	zw, _ := flate.NewWriter(&buf, level) // the level is one of flate's own
	zw.Write(b)
	zw.Flush()
	return buf.Bytes()
}

// appendDeflated appends b as DEFLATE blocks ended by a sync flush to dst. A body's own
// parts are small (a page's head): compressed without a writer's state, which is far
// larger than they are.
func appendDeflated(dst, b []byte) []byte {
	buf := bytes.NewBuffer(dst)
	flate.StatelessDeflate(buf, b, false, nil) // a bytes.Buffer takes every write
	return buf.Bytes()
}
