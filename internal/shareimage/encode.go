package shareimage

import (
	"bufio"
	"bytes"
	"compress/flate"
	"encoding/binary"
	"hash/adler32"
	"hash/crc32"
	"image"
	"io"
	"runtime"
	"sync"
)

// encodePNG writes an opaque RGBA image as an 8-bit RGB PNG. It is a
// specialised, faster stand-in for image/png:
//   - every row uses the cheap "Sub" filter instead of trying all five per
//     row (which dominated image/png's cost), and Sub rows do not depend on
//     each other, so
//   - the rows are split into bands compressed in parallel (pigz-style: each
//     band is an independent deflate run ended by a sync flush, the last by a
//     final block; the concatenation is one valid deflate stream), at
//     BestSpeed; the Adler-32 sums of the bands are combined.
//
// The alpha channel is dropped, so img must be opaque (the share image is).
func encodePNG(w io.Writer, img *image.RGBA) error {
	b := img.Bounds()
	wd, ht := b.Dx(), b.Dy()
	bands := min(max(runtime.GOMAXPROCS(0), 1), 4, max(ht, 1))
	per := (ht + bands - 1) / max(bands, 1)
	type result struct {
		z   *segment
		sum uint32
		n   int
		err error
	}
	res := make([]result, bands)
	var wg sync.WaitGroup
	for i := 0; i < bands; i++ {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			y0, y1 := b.Min.Y+i*per, min(b.Min.Y+(i+1)*per, b.Max.Y)
			seg := segPool.Get().(*segment)
			seg.out.Reset()
			seg.fw.Reset(&seg.out)
			row := make([]byte, 1+3*wd)
			row[0] = 1 // filter: Sub
			sum := adler32.New()
			n := 0
			for y := y0; y < y1; y++ {
				p := img.Pix[img.PixOffset(b.Min.X, y):]
				var pr, pg, pb byte
				for x, o := 0, 1; x < wd; x, o = x+1, o+3 {
					r, g, bl := p[4*x], p[4*x+1], p[4*x+2]
					row[o], row[o+1], row[o+2] = r-pr, g-pg, bl-pb
					pr, pg, pb = r, g, bl
				}
				sum.Write(row)
				n += len(row)
				if _, err := seg.fw.Write(row); err != nil {
					res[i].err = err
					return
				}
			}
			var err error
			if i == bands-1 {
				err = seg.fw.Close()
			} else {
				err = seg.fw.Flush()
			}
			res[i] = result{z: seg, sum: sum.Sum32(), n: n, err: err}
		}(i)
	}
	wg.Wait()
	defer func() {
		for _, r := range res {
			if r.z != nil {
				segPool.Put(r.z)
			}
		}
	}()

	bw := bufio.NewWriterSize(w, 64<<10)
	if _, err := bw.WriteString("\x89PNG\r\n\x1a\n"); err != nil {
		return err
	}
	var ihdr [13]byte
	binary.BigEndian.PutUint32(ihdr[0:], uint32(wd))
	binary.BigEndian.PutUint32(ihdr[4:], uint32(ht))
	ihdr[8], ihdr[9] = 8, 2 // bit depth 8, colour type RGB
	if err := writeChunk(bw, "IHDR", ihdr[:]); err != nil {
		return err
	}
	cw := &chunkWriter{w: bw, name: "IDAT"}
	cw.Write([]byte{0x78, 0x01}) // zlib header: deflate, 32K window, fastest
	sum := uint32(1)
	for _, r := range res {
		if r.err != nil {
			return r.err
		}
		cw.Write(r.z.out.Bytes())
		sum = adler32Combine(sum, r.sum, r.n)
	}
	if ht == 0 { // no rows: an empty final block
		cw.Write([]byte{0x03, 0x00})
	}
	var s [4]byte
	binary.BigEndian.PutUint32(s[:], sum)
	cw.Write(s[:])
	if err := cw.flush(); err != nil {
		return err
	}
	if err := writeChunk(bw, "IEND", nil); err != nil {
		return err
	}
	return bw.Flush()
}

type segment struct {
	fw  *flate.Writer
	out bytes.Buffer
}

var segPool = sync.Pool{New: func() any {
	s := &segment{}
	s.fw, _ = flate.NewWriter(&s.out, flate.BestSpeed)
	return s
}}

// adler32Combine returns the Adler-32 of A+B from adler(A), adler(B) and
// len(B) (as zlib's adler32_combine).
func adler32Combine(a1, a2 uint32, len2 int) uint32 {
	const mod = 65521
	rem := uint64(len2 % mod)
	s1 := uint64(a1 & 0xffff)
	s2 := (rem * s1) % mod
	s1 += uint64(a2&0xffff) + mod - 1
	s2 += uint64(a1>>16) + uint64(a2>>16) + mod - rem
	if s1 >= mod {
		s1 -= mod
	}
	if s1 >= mod {
		s1 -= mod
	}
	if s2 >= 2*mod {
		s2 -= 2 * mod
	}
	if s2 >= mod {
		s2 -= mod
	}
	return uint32(s2<<16 | s1)
}

// chunkWriter buffers IDAT data into chunks of up to 256 KiB; write errors
// are kept and returned by flush.
type chunkWriter struct {
	w    io.Writer
	name string
	buf  []byte
	err  error
}

func (c *chunkWriter) Write(p []byte) (int, error) {
	total := len(p)
	for len(p) > 0 {
		n := min(len(p), 256<<10-len(c.buf))
		c.buf = append(c.buf, p[:n]...)
		p = p[n:]
		if len(c.buf) >= 256<<10 {
			c.flush()
		}
	}
	return total, c.err
}

func (c *chunkWriter) flush() error {
	if c.err == nil && len(c.buf) > 0 {
		c.err = writeChunk(c.w, c.name, c.buf)
	}
	c.buf = c.buf[:0]
	return c.err
}
func writeChunk(w io.Writer, name string, data []byte) error {
	var hdr [8]byte
	binary.BigEndian.PutUint32(hdr[:4], uint32(len(data)))
	copy(hdr[4:], name)
	crc := crc32.NewIEEE()
	crc.Write(hdr[4:])
	crc.Write(data)
	if _, err := w.Write(hdr[:]); err != nil {
		return err
	}
	if _, err := w.Write(data); err != nil {
		return err
	}
	var s [4]byte
	binary.BigEndian.PutUint32(s[:], crc.Sum32())
	_, err := w.Write(s[:])
	return err
}
