//go:build linux || darwin

package live

import (
	"errors"
	"net"
	"syscall"
)

// connGone says whether the client closed conn, without reading what it sent: a peek
// that would block means it is still there, an end of stream or an error that it left.
// Connections that are not plain sockets (TLS) are taken as still there.
func connGone(conn net.Conn) bool {
	sc, ok := conn.(syscall.Conn)
	if !ok {
		return false
	}
	raw, err := sc.SyscallConn()
	if err != nil {
		return true
	}
	gone := false
	var buf [1]byte
	err = raw.Read(func(fd uintptr) bool {
		n, _, err := syscall.Recvfrom(int(fd), buf[:], syscall.MSG_PEEK|syscall.MSG_DONTWAIT)
		gone = n == 0 && err == nil || err != nil && !errors.Is(err, syscall.EAGAIN) && !errors.Is(err, syscall.EINTR)
		return true // never wait for data
	})
	return gone || err != nil
}
