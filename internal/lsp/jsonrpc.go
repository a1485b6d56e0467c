package lsp

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync"
)

// An errorCode is the code of the error of a response.
type errorCode int

// The JSON-RPC 2.0 error codes the server sends, and LSP's own
// (LSP 3.17, "Response Message", "ErrorCodes").
const (
	codeParseError           errorCode = -32700
	codeInvalidRequest       errorCode = -32600
	codeMethodNotFound       errorCode = -32601
	codeInvalidParams        errorCode = -32602
	codeInternalError        errorCode = -32603
	codeServerNotInitialized errorCode = -32002
)

// maxMessage bounds the size of one incoming message, so that a bad
// Content-Length cannot make the server allocate without limit.
const maxMessage = 256 << 20

// A message is any JSON-RPC 2.0 message: a request (method and id), a
// notification (method, no id) or a response (id, result or error).
type message struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id,omitempty"`
	Method  string          `json:"method,omitempty"`
	Params  json.RawMessage `json:"params,omitempty"`
	Result  json.RawMessage `json:"result,omitempty"`
	Error   *rpcError       `json:"error,omitempty"`
}

// isCall reports whether m is a request (it has an id and a method).
func (m *message) isCall() bool { return m.Method != "" && m.ID != nil }

// A rpcError is the error object of a response.
type rpcError struct {
	Code    errorCode `json:"code"`
	Message string    `json:"message"`
}

func (e *rpcError) Error() string { return fmt.Sprintf("JSON-RPC error %d: %s", e.Code, e.Message) }

// errorf returns a rpcError with the code and a formatted message.
func errorf(code errorCode, format string, args ...any) *rpcError {
	return &rpcError{Code: code, Message: fmt.Sprintf(format, args...)}
}

// A conn reads and writes JSON-RPC messages framed as in LSP's base
// protocol: a header with a Content-Length, a blank line, the content.
type conn struct {
	r *bufio.Reader

	wmu sync.Mutex // serializes writes
	w   io.Writer

	mu      sync.Mutex
	nextID  int
	pending map[string]chan *message // calls to the client awaiting a response
}

func newConn(r io.Reader, w io.Writer) *conn {
	return &conn{r: bufio.NewReader(r), w: w, pending: make(map[string]chan *message)}
}

// errFraming reports a header the server cannot read a message after.
var errFraming = errors.New("malformed message header")

// read returns the content of the next message. A header without a
// valid Content-Length gives errFraming; the next read starts after it.
func (c *conn) read() ([]byte, error) {
	length := -1
	for {
		line, err := c.r.ReadString('\n')
		if err != nil {
			if err == io.EOF && line != "" {
				err = io.ErrUnexpectedEOF
			}
			return nil, err
		}
		line = strings.TrimRight(line, "\r\n")
		if line == "" {
			break
		}
		name, value, ok := strings.Cut(line, ":")
		if ok && strings.EqualFold(strings.TrimSpace(name), "Content-Length") {
			n, err := strconv.Atoi(strings.TrimSpace(value))
			if err != nil || n < 0 || n > maxMessage {
				length = -2
			} else if length == -1 {
				length = n
			}
		}
	}
	if length < 0 {
		return nil, errFraming
	}
	buf := make([]byte, length)
	if _, err := io.ReadFull(c.r, buf); err != nil {
		if err == io.EOF {
			err = io.ErrUnexpectedEOF
		}
		return nil, err
	}
	return buf, nil
}

// write sends m.
func (c *conn) write(m *message) error {
	m.JSONRPC = "2.0"
	data, err := json.Marshal(m)
	if err != nil {
		return err
	}
	var b bytes.Buffer
	fmt.Fprintf(&b, "Content-Length: %d\r\n\r\n", len(data))
	b.Write(data)
	c.wmu.Lock()
	defer c.wmu.Unlock()
	_, err = c.w.Write(b.Bytes())
	return err
}

// notify sends a notification.
func (c *conn) notify(method string, params any) error {
	p, err := json.Marshal(params)
	if err != nil {
		return err
	}
	return c.write(&message{Method: method, Params: p})
}

// reply sends the response to the request of the given id: result, or
// the error when it is not nil.
func (c *conn) reply(id json.RawMessage, result any, rerr *rpcError) error {
	if id == nil {
		id = json.RawMessage("null")
	}
	m := &message{ID: id, Error: rerr}
	if rerr == nil {
		r, err := json.Marshal(result)
		if err != nil {
			return err
		}
		m.Result = r
	}
	return c.write(m)
}

// call sends a request to the client and returns a channel that receives
// its response, when the read loop hands it to deliver.
func (c *conn) call(method string, params any) (<-chan *message, error) {
	p, err := json.Marshal(params)
	if err != nil {
		return nil, err
	}
	c.mu.Lock()
	c.nextID++
	id := json.RawMessage(strconv.Itoa(c.nextID))
	ch := make(chan *message, 1)
	c.pending[string(id)] = ch
	c.mu.Unlock()
	if err := c.write(&message{ID: id, Method: method, Params: p}); err != nil {
		c.mu.Lock()
		delete(c.pending, string(id))
		c.mu.Unlock()
		return nil, err
	}
	return ch, nil
}

// deliver hands the response m to the call awaiting it, and reports
// whether one was.
func (c *conn) deliver(m *message) bool {
	c.mu.Lock()
	ch, ok := c.pending[string(bytes.TrimSpace(m.ID))]
	delete(c.pending, string(bytes.TrimSpace(m.ID)))
	c.mu.Unlock()
	if ok {
		ch <- m
	}
	return ok
}
