"""What the lessons are made of besides code: the curated deals their stories rest on."""
