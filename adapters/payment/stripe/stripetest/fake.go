// Package stripetest is a small stateful stand-in for Stripe's PaymentIntents API and webhooks, for
// tests: stripe-mock stores nothing, so it cannot say whether an intent succeeded or what it
// carries. Tests open intents through the real adapter, then change them here (succeed, alter the
// amount or metadata) and send signed webhook events.
package stripetest

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"testing"

	stripego "github.com/stripe/stripe-go/v85"
	"github.com/stripe/stripe-go/v85/webhook"
)

// Intent is a PaymentIntent as the fake stores and returns it (Stripe's JSON shape).
type Intent struct {
	ID               string            `json:"id"`
	Object           string            `json:"object"`
	Amount           int64             `json:"amount"`
	Currency         string            `json:"currency"`
	Status           string            `json:"status"`
	ClientSecret     string            `json:"client_secret"`
	Metadata         map[string]string `json:"metadata"`
	ReceiptEmail     string            `json:"receipt_email,omitempty"`
	Description      string            `json:"description,omitempty"`
	LastPaymentError map[string]string `json:"last_payment_error,omitempty"`
	Livemode         bool              `json:"livemode"`
	// Card is the card of the intent's latest charge, set by Succeed. Stripe names the charge in
	// latest_charge and expands it (with the card's brand and last four) only when asked to.
	Card *Card `json:"-"`
}

// Card is what a charge tells about the card that paid it.
type Card struct{ Brand, Last4 string }

// expands reports whether the query asks to expand field (expand[]=… or expand[0]=…).
func expands(q url.Values, field string) bool {
	for k, vs := range q {
		if strings.HasPrefix(k, "expand[") {
			for _, v := range vs {
				if v == field {
					return true
				}
			}
		}
	}
	return false
}

// body is the intent as Stripe answers it, with its latest charge expanded or as an id.
func (in *Intent) body(expand bool) map[string]any {
	b, _ := json.Marshal(in)
	var m map[string]any
	_ = json.Unmarshal(b, &m)
	if in.Card != nil {
		charge := "ch_" + strings.TrimPrefix(in.ID, "pi_")
		m["latest_charge"] = charge
		if expand {
			m["latest_charge"] = map[string]any{"id": charge, "object": "charge", "payment_method_details": map[string]any{
				"type": "card", "card": map[string]any{"brand": in.Card.Brand, "last4": in.Card.Last4}}}
		}
	}
	return m
}

// Request is what the adapter sent to create an intent.
type Request struct {
	Form           map[string]string
	IdempotencyKey string
	Authorization  string
}

// Server is the fake Stripe API.
type Server struct {
	*httptest.Server
	mu       sync.Mutex
	intents  map[string]*Intent
	byKey    map[string]string
	requests []Request
	refunds  map[string]Refund // by idempotency key
	next     int
	events   int
}

// Refund is a refund the fake made.
type Refund struct {
	ID            string `json:"id"`
	Object        string `json:"object"`
	PaymentIntent string `json:"payment_intent"`
	Amount        int64  `json:"amount"`
	Currency      string `json:"currency"`
	Status        string `json:"status"`
}

// New starts a fake Stripe API that the test closes at cleanup.
func New(t testing.TB) *Server {
	s := &Server{intents: map[string]*Intent{}, byKey: map[string]string{}, refunds: map[string]Refund{}}
	s.Server = httptest.NewServer(http.HandlerFunc(s.serve))
	t.Cleanup(s.Close)
	return s
}

func (s *Server) serve(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	defer s.mu.Unlock()
	w.Header().Set("Content-Type", "application/json")
	switch {
	case r.Method == http.MethodPost && r.URL.Path == "/v1/payment_intents":
		if err := r.ParseForm(); err != nil {
			s.fail(w, 400, "invalid_request_error", "parameter_invalid", err.Error())
			return
		}
		req := Request{Form: map[string]string{}, IdempotencyKey: r.Header.Get("Idempotency-Key"), Authorization: r.Header.Get("Authorization")}
		for k := range r.PostForm {
			req.Form[k] = r.PostForm.Get(k)
		}
		s.requests = append(s.requests, req)
		if id, ok := s.byKey[req.IdempotencyKey]; ok && req.IdempotencyKey != "" {
			_ = json.NewEncoder(w).Encode(s.intents[id])
			return
		}
		amount, err := strconv.ParseInt(req.Form["amount"], 10, 64)
		if err != nil || amount < 50 {
			s.fail(w, 400, "invalid_request_error", "amount_too_small", "Amount must be at least $0.50 usd")
			return
		}
		s.next++
		id := fmt.Sprintf("pi_fake%04d", s.next)
		in := &Intent{ID: id, Object: "payment_intent", Amount: amount, Currency: req.Form["currency"],
			Status: "requires_payment_method", ClientSecret: id + "_secret_fake", Metadata: map[string]string{},
			ReceiptEmail: req.Form["receipt_email"], Description: req.Form["description"]}
		for k, v := range req.Form {
			if strings.HasPrefix(k, "metadata[") {
				in.Metadata[strings.TrimSuffix(strings.TrimPrefix(k, "metadata["), "]")] = v
			}
		}
		s.intents[id] = in
		if req.IdempotencyKey != "" {
			s.byKey[req.IdempotencyKey] = id
		}
		_ = json.NewEncoder(w).Encode(in)
	case r.Method == http.MethodPost && strings.HasPrefix(r.URL.Path, "/v1/payment_intents/") && strings.HasSuffix(r.URL.Path, "/cancel"):
		in, ok := s.intents[strings.TrimSuffix(strings.TrimPrefix(r.URL.Path, "/v1/payment_intents/"), "/cancel")]
		switch {
		case !ok:
			s.fail(w, 404, "invalid_request_error", "resource_missing", "No such payment_intent")
		case in.Status == "succeeded" || in.Status == "processing":
			s.fail(w, 400, "invalid_request_error", "payment_intent_unexpected_state",
				"You cannot cancel this PaymentIntent because it has a status of "+in.Status+".")
		default:
			in.Status = "canceled"
			_ = json.NewEncoder(w).Encode(in.body(false))
		}
	case r.Method == http.MethodPost && r.URL.Path == "/v1/refunds":
		if err := r.ParseForm(); err != nil {
			s.fail(w, 400, "invalid_request_error", "parameter_invalid", err.Error())
			return
		}
		key := r.Header.Get("Idempotency-Key")
		if re, ok := s.refunds[key]; ok && key != "" {
			_ = json.NewEncoder(w).Encode(re)
			return
		}
		in, ok := s.intents[r.PostForm.Get("payment_intent")]
		if !ok || in.Status != "succeeded" {
			s.fail(w, 400, "invalid_request_error", "charge_not_refundable", "This PaymentIntent has no successful charge to refund.")
			return
		}
		re := Refund{ID: fmt.Sprintf("re_fake%04d", len(s.refunds)+1), Object: "refund", PaymentIntent: in.ID,
			Amount: in.Amount, Currency: in.Currency, Status: "succeeded"}
		s.refunds[key] = re
		_ = json.NewEncoder(w).Encode(re)
	case r.Method == http.MethodGet && strings.HasPrefix(r.URL.Path, "/v1/payment_intents/"):
		in, ok := s.intents[strings.TrimPrefix(r.URL.Path, "/v1/payment_intents/")]
		if !ok {
			s.fail(w, 404, "invalid_request_error", "resource_missing", "No such payment_intent")
			return
		}
		_ = json.NewEncoder(w).Encode(in.body(expands(r.URL.Query(), "latest_charge")))
	default:
		s.fail(w, 404, "invalid_request_error", "resource_missing", "Unrecognized request URL")
	}
}

func (s *Server) fail(w http.ResponseWriter, status int, typ, code, msg string) {
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(map[string]any{"error": map[string]string{"type": typ, "code": code, "message": msg}})
}

// Intent returns a copy of a stored intent.
func (s *Server) Intent(id string) (Intent, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	in, ok := s.intents[id]
	if !ok {
		return Intent{}, false
	}
	c := *in
	c.Metadata = map[string]string{}
	for k, v := range in.Metadata {
		c.Metadata[k] = v
	}
	return c, true
}

// Update changes a stored intent, as a payment in the browser (or a forger) would.
func (s *Server) Update(id string, change func(*Intent)) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if in, ok := s.intents[id]; ok {
		change(in)
	}
}

// Succeed marks an intent as paid by Stripe's Visa test card.
func (s *Server) Succeed(id string) {
	s.Update(id, func(in *Intent) { in.Status, in.Card = "succeeded", &Card{Brand: "visa", Last4: "4242"} })
}

// Refunds returns the refunds made so far, one per idempotency key.
func (s *Server) Refunds() []Refund {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make([]Refund, 0, len(s.refunds))
	for _, re := range s.refunds {
		out = append(out, re)
	}
	return out
}

// Requests returns the create requests received so far.
func (s *Server) Requests() []Request {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Request(nil), s.requests...)
}

// Event is a webhook event body carrying an intent, with a fresh event id unless id is given.
func (s *Server) Event(id, eventType string, in Intent) []byte {
	s.mu.Lock()
	if id == "" {
		s.events++
		id = fmt.Sprintf("evt_fake%04d", s.events)
	}
	s.mu.Unlock()
	obj, _ := json.Marshal(in.body(false))
	return []byte(fmt.Sprintf(`{"id":%q,"object":"event","api_version":%q,"type":%q,"livemode":false,"created":1700000000,"data":{"object":%s}}`,
		id, stripego.APIVersion, eventType, obj))
}

// Sign returns the Stripe-Signature header for payload signed with secret.
func Sign(payload []byte, secret string) string {
	return webhook.GenerateTestSignedPayload(&webhook.UnsignedPayload{Payload: payload, Secret: secret}).Header
}
