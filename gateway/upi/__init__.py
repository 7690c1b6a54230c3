"""UPI at checkout and on the portal: intent links for a phone's UPI apps, a QR for a desktop."""
