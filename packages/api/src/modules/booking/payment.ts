/**
 * Payments go through a provider. The default, `none`, charges nothing online: the driver pays
 * the host on arrival. An online provider (Stripe) implements the same interface later.
 */
export interface PaymentProvider {
  id: string;
  /** Called inside the booking transaction, before it commits. */
  authorize(booking: { priceCents: number }): Promise<{ paymentStatus: 'due_on_arrival' | 'paid' }>;
  /** Called when a booking is cancelled with a refund. */
  refund(booking: {
    priceCents: number;
    refundCents: number;
  }): Promise<{ paymentStatus: 'refunded' | 'void' }>;
}

export const noPaymentProvider: PaymentProvider = {
  id: 'none',
  authorize: async () => ({ paymentStatus: 'due_on_arrival' }),
  refund: async () => ({ paymentStatus: 'void' }),
};
