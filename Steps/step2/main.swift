print("step2 placeholder")
