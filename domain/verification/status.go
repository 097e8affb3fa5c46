package verification

// Status is where a verification stands in its review. Only this package creates values.
type Status struct{ s string }

// The statuses of spec section 4.
var (
	Draft     = Status{"draft"}
	Submitted = Status{"submitted"}
	InReview  = Status{"in_review"}
	Approved  = Status{"approved"}
	Rejected  = Status{"rejected"}
)

// Statuses lists every status in workflow order.
var Statuses = []Status{Draft, Submitted, InReview, Approved, Rejected}

// ParseStatus turns a stored or requested string into a Status.
func ParseStatus(s string) (Status, error) {
	for _, st := range Statuses {
		if st.s == s {
			return st, nil
		}
	}
	return Status{}, ErrUnknownValue.Detailf("status %q", s)
}

func (s Status) String() string { return s.s }

// IsZero reports whether s was never set.
func (s Status) IsZero() bool { return s.s == "" }

// PaymentStatus is the state of the verification's payment.
type PaymentStatus struct{ s string }

// The payment statuses of spec section 4.
var (
	PaymentPending = PaymentStatus{"pending"}
	PaymentPaid    = PaymentStatus{"paid"}
	PaymentFailed  = PaymentStatus{"failed"}
)

// ParsePaymentStatus turns a stored string into a PaymentStatus.
func ParsePaymentStatus(s string) (PaymentStatus, error) {
	for _, st := range []PaymentStatus{PaymentPending, PaymentPaid, PaymentFailed} {
		if st.s == s {
			return st, nil
		}
	}
	return PaymentStatus{}, ErrUnknownValue.Detailf("payment status %q", s)
}

func (s PaymentStatus) String() string { return s.s }
